import { API_KEY_SCOPES, type ApiKeyView } from '@fxrates/domain';
import {
  createRequestOf,
  KEY_FORM_TEXTS,
  keyFormErrors,
  keyValuesOf,
  newKeyValues,
  withKind,
  type KeyFormValues,
} from './key-form';
import { RESTRICTION_TEXTS } from './restriction-lines';

const TODAY = '2026-12-01';
const valid = (values: Partial<KeyFormValues> = {}): KeyFormValues => ({
  ...newKeyValues(),
  name: 'Production server',
  ...values,
});

describe('the key form', () => {
  it('starts as the API would make a key: secret, every scope, no limit', () => {
    expect(newKeyValues()).toEqual({
      name: '',
      kind: 'secret',
      scopes: [...API_KEY_SCOPES],
      networks: '',
      origins: '',
      monthlyCap: '',
      expiresOn: '',
    });
  });

  it('offers a publishable key the read-only scopes alone, and gives every scope back to a secret one', () => {
    const publishable = withKind(valid(), 'publishable');
    expect(publishable.scopes).toEqual(['rates:read', 'history:read']);
    expect(withKind(publishable, 'test').scopes).toEqual([...API_KEY_SCOPES]);
  });

  it('finds nothing wrong with a named key of any kind', () => {
    expect(keyFormErrors(valid(), { today: TODAY })).toEqual({});
    expect(keyFormErrors(valid({ kind: 'test' }), { today: TODAY })).toEqual({});
  });

  it('requires a name, at most 64 characters once trimmed, and a scope', () => {
    expect(keyFormErrors(valid({ name: '  ', scopes: [] }), { today: TODAY })).toEqual({
      name: KEY_FORM_TEXTS.nameRequired,
      scopes: KEY_FORM_TEXTS.scopeRequired,
    });
    expect(keyFormErrors(valid({ name: ` ${'a'.repeat(64)} ` }), { today: TODAY })).toEqual({});
    expect(keyFormErrors(valid({ name: 'a'.repeat(65) }), { today: TODAY }).name).toBe(
      KEY_FORM_TEXTS.nameTooLong,
    );
  });

  it('counts no scope a publishable key cannot hold', () => {
    const errors = keyFormErrors(
      valid({ kind: 'publishable', scopes: ['stream', 'usage:read'], origins: 'https://shop.example.com' }),
      { today: TODAY },
    );
    expect(errors).toEqual({ scopes: KEY_FORM_TEXTS.scopeRequired });
  });

  it('checks the networks of every kind, and requires origins of a publishable key only', () => {
    expect(keyFormErrors(valid({ networks: '203.0.113.0/24\n10.0.0.300' }), { today: TODAY })).toEqual({
      networks: RESTRICTION_TEXTS.notNetwork('10.0.0.300'),
    });
    expect(keyFormErrors(withKind(valid(), 'publishable'), { today: TODAY })).toEqual({
      origins: RESTRICTION_TEXTS.originRequired,
    });
    // Origins a secret key does not use are not its problem: they are never sent.
    expect(keyFormErrors(valid({ origins: 'not an origin' }), { today: TODAY })).toEqual({});
  });

  it('takes a cap of a whole number of calls, at least one and at most the API allows', () => {
    for (const cap of [1, 10_000, 1_000_000_000])
      expect(keyFormErrors(valid({ monthlyCap: cap }), { today: TODAY })).toEqual({});
    for (const cap of [0, -5, 2.5, '-'])
      expect(keyFormErrors(valid({ monthlyCap: cap }), { today: TODAY })).toEqual({
        monthlyCap: KEY_FORM_TEXTS.capNotWhole,
      });
    expect(keyFormErrors(valid({ monthlyCap: 1_000_000_001 }), { today: TODAY })).toEqual({
      monthlyCap: 'The monthly cap is at most 1,000,000,000 calls.',
    });
  });

  it('takes an expiry after today, but lets a key keep the one it has', () => {
    expect(keyFormErrors(valid({ expiresOn: '2026-12-02' }), { today: TODAY })).toEqual({});
    for (const day of [TODAY, '2026-11-30'])
      expect(keyFormErrors(valid({ expiresOn: day }), { today: TODAY })).toEqual({
        expiresOn: KEY_FORM_TEXTS.expiryNotAhead,
      });
    expect(
      keyFormErrors(valid({ expiresOn: '2026-11-30' }), { today: TODAY, keptExpiry: '2026-11-30' }),
    ).toEqual({});
  });

  it('sends what the form says, leaving out the limits it has not got and origins of other kinds', () => {
    expect(
      createRequestOf(valid({ name: ' Production server ', origins: 'https://ignored.example.com' })),
    ).toEqual({
      name: 'Production server',
      kind: 'secret',
      scopes: [...API_KEY_SCOPES],
      allowedNetworks: [],
    });
    expect(
      createRequestOf({
        name: 'Shop widget',
        kind: 'publishable',
        scopes: ['history:read', 'rates:read'],
        networks: '',
        origins: 'https://Shop.example.com/\nhttp://localhost:5173',
        monthlyCap: 5000,
        expiresOn: '2027-01-31',
      }),
    ).toEqual({
      name: 'Shop widget',
      kind: 'publishable',
      scopes: ['rates:read', 'history:read'],
      allowedNetworks: [],
      allowedOrigins: ['https://shop.example.com', 'http://localhost:5173'],
      monthlyCap: 5000,
      expiresAt: '2027-01-31T00:00:00.000Z',
    });
  });

  it('edits a key from what it holds now', () => {
    const key = {
      name: 'Shop widget',
      kind: 'publishable',
      scopes: ['history:read', 'rates:read'],
      allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'],
      allowedOrigins: ['https://shop.example.com'],
      monthlyCap: null,
      expiresAt: '2027-01-31T00:00:00.000Z',
    } as ApiKeyView;
    expect(keyValuesOf(key)).toEqual({
      name: 'Shop widget',
      kind: 'publishable',
      scopes: ['rates:read', 'history:read'],
      networks: '203.0.113.0/24\n2001:db8::/32',
      origins: 'https://shop.example.com',
      monthlyCap: '',
      expiresOn: '2027-01-31',
    });
  });
});
