import {
  changedRestrictions,
  keyRestrictions,
  normalisedOrigin,
  type StoredRestrictions,
} from './key-restrictions';

const none: StoredRestrictions = {
  scopes: ['rates:read', 'history:read'],
  allowedNetworks: [],
  allowedOrigins: [],
  monthlyCap: null,
  expiresAt: null,
};
const NOW = Date.parse('2026-11-30T12:00:00Z');

describe('key restrictions', () => {
  it('takes bare https origins (http only for the local machine), normalised', () => {
    expect(normalisedOrigin('https://Shop.Example.com/')).toBe('https://shop.example.com');
    expect(normalisedOrigin('https://shop.example.com:8443')).toBe('https://shop.example.com:8443');
    expect(normalisedOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normalisedOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    for (const bad of [
      'http://shop.example.com',
      'https://shop.example.com/page',
      'https://shop.example.com?x=1',
      'https://user:pw@shop.example.com',
      'shop.example.com',
      'null',
      '*',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ])
      expect(normalisedOrigin(bad)).toBeUndefined();
  });

  it('applies only what is asked, normalising networks and dropping repeats', () => {
    const after = keyRestrictions(
      'secret',
      { allowedNetworks: ['203.0.113.0/24', '2001:DB8::/32', '203.0.113.0/24'], monthlyCap: 10 },
      none,
      NOW,
    );
    expect(after).toEqual({ ...none, allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'], monthlyCap: 10 });
    expect(changedRestrictions(none, after)).toEqual(['allowedNetworks', 'monthlyCap']);
    expect(keyRestrictions('secret', { monthlyCap: null }, after, NOW).monthlyCap).toBeNull();
  });

  it('keeps a publishable key read-only and tied to origins, and other kinds off origins', () => {
    const origins = { allowedOrigins: ['https://shop.example.com'] };
    expect(() => keyRestrictions('publishable', {}, none, NOW)).toThrow(/at least one allowed origin/);
    expect(() => keyRestrictions('publishable', { ...origins, scopes: ['usage:read'] }, none, NOW)).toThrow(
      /remove usage:read/,
    );
    expect(keyRestrictions('publishable', origins, none, NOW).allowedOrigins).toEqual(origins.allowedOrigins);
    expect(() => keyRestrictions('test', origins, none, NOW)).toThrow(/Only a publishable key/);
  });

  it('wants an expiry in the future', () => {
    expect(() => keyRestrictions('secret', { expiresAt: '2026-11-30T11:59:59Z' }, none, NOW)).toThrow(
      /future/,
    );
    expect(keyRestrictions('secret', { expiresAt: '2027-01-01T00:00:00Z' }, none, NOW).expiresAt).toEqual(
      new Date('2027-01-01T00:00:00Z'),
    );
  });
});
