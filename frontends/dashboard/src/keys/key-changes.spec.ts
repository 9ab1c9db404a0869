import type { ApiKeyView } from '@fxrates/domain';
import { hasChanges, keyChanges } from './key-changes';
import { keyValuesOf, type KeyFormValues } from './key-form';

const SECRET: ApiKeyView = {
  id: '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a',
  name: 'Production server',
  kind: 'secret',
  maskedKey: `fxrates_${'•'.repeat(28)}3f9a`,
  status: 'active',
  createdAt: '2026-11-01T09:00:00.000Z',
  disabledAt: null,
  totalRequests: 12,
  lastUsed: null,
  retiring: null,
  scopes: ['rates:read', 'history:read', 'stream', 'usage:read', 'webhooks'],
  allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'],
  allowedOrigins: [],
  monthlyCap: 10_000,
  expiresAt: '2027-01-31T00:00:00.000Z',
};
const PUBLISHABLE: ApiKeyView = {
  ...SECRET,
  kind: 'publishable',
  scopes: ['rates:read'],
  allowedNetworks: [],
  allowedOrigins: ['https://shop.example.com'],
  monthlyCap: null,
  expiresAt: null,
};
const edited = (key: ApiKeyView, values: Partial<KeyFormValues>) =>
  keyChanges(key, { ...keyValuesOf(key), ...values });

describe('what an edit sends', () => {
  it('sends nothing for an untouched form, nor for spaces, reordering or repeated lines', () => {
    expect(edited(SECRET, {})).toEqual({});
    expect(
      edited(SECRET, {
        name: ' Production server ',
        scopes: ['webhooks', 'usage:read', 'stream', 'history:read', 'rates:read'],
        networks: '\n2001:db8::/32\n 203.0.113.0/24 \n2001:db8::/32\n',
      }),
    ).toEqual({});
    expect(hasChanges(edited(SECRET, {}))).toBe(false);
    expect(hasChanges({ monthlyCap: null })).toBe(true);
  });

  it('sends each field that changed, and only those', () => {
    expect(edited(SECRET, { name: 'Billing service' })).toEqual({ name: 'Billing service' });
    expect(edited(SECRET, { scopes: ['history:read', 'rates:read'] })).toEqual({
      scopes: ['rates:read', 'history:read'],
    });
    expect(edited(SECRET, { networks: '203.0.113.0/24' })).toEqual({ allowedNetworks: ['203.0.113.0/24'] });
    expect(edited(SECRET, { monthlyCap: 20_000, expiresOn: '2027-03-01' })).toEqual({
      monthlyCap: 20_000,
      expiresAt: '2027-03-01T00:00:00.000Z',
    });
  });

  it('removes a cleared cap, expiry or network list', () => {
    expect(edited(SECRET, { monthlyCap: '', expiresOn: '', networks: '' })).toEqual({
      allowedNetworks: [],
      monthlyCap: null,
      expiresAt: null,
    });
  });

  it('sends origins of a publishable key as the browser writes them, and never of another kind', () => {
    expect(edited(PUBLISHABLE, { origins: 'https://SHOP.example.com/' })).toEqual({});
    expect(edited(PUBLISHABLE, { origins: 'https://shop.example.com\nhttp://localhost:3000' })).toEqual({
      allowedOrigins: ['https://shop.example.com', 'http://localhost:3000'],
    });
    expect(edited(SECRET, { origins: 'https://shop.example.com' })).toEqual({});
  });

  it('keeps an expiry set at another time of its day unless the day changes', () => {
    const midday = { ...SECRET, expiresAt: '2027-01-31T12:00:00.000Z' };
    expect(edited(midday, {})).toEqual({});
    expect(edited(midday, { expiresOn: '2027-02-01' })).toEqual({ expiresAt: '2027-02-01T00:00:00.000Z' });
  });
});
