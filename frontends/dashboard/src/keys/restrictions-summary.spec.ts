import { API_KEY_SCOPES } from '@fxrates/domain';
import { restrictionsSummary, retiringText, scopesSummary } from './restrictions-summary';

const NONE = { allowedNetworks: [], allowedOrigins: [], monthlyCap: null, expiresAt: null };
const NOW = new Date('2026-12-01T12:00:00.000Z');

describe('the keys table summary', () => {
  it('names the scopes in the API order, or says the key holds them all', () => {
    expect(scopesSummary([...API_KEY_SCOPES])).toBe('All scopes');
    expect(scopesSummary(['history:read', 'rates:read'])).toBe('rates:read, history:read');
    expect(scopesSummary([])).toBe('No scopes');
  });

  it('says "None" for a key limited by nothing but its plan and scopes', () => {
    expect(restrictionsSummary(NONE, NOW)).toEqual(['None']);
  });

  it('lists networks, origins, the cap and the expiry, one line each', () => {
    expect(
      restrictionsSummary(
        {
          allowedNetworks: ['203.0.113.0/24'],
          allowedOrigins: ['https://shop.example.com', 'http://localhost:3000'],
          monthlyCap: 25_000,
          expiresAt: '2027-01-31T00:00:00.000Z',
        },
        NOW,
      ),
    ).toEqual([
      'Networks: 203.0.113.0/24',
      'Origins: https://shop.example.com, http://localhost:3000',
      'Cap: 25,000 calls a month',
      'Expires January 31, 2027, 00:00 UTC',
    ]);
  });

  it('counts what is past the first two entries', () => {
    const networks = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '2001:db8::/32'];
    expect(restrictionsSummary({ ...NONE, allowedNetworks: networks }, NOW)).toEqual([
      'Networks: 10.0.0.0/8, 172.16.0.0/12 and 2 more',
    ]);
  });

  it('says a key has expired once its expiry is past', () => {
    expect(restrictionsSummary({ ...NONE, expiresAt: '2026-12-01T12:00:00.000Z' }, NOW)).toEqual([
      'Expired December 1, 2026, 12:00 UTC',
    ]);
  });

  it("says until when a rolled key's old secret works", () => {
    expect(retiringText({ maskedKey: 'fxrates_••••3f9a', retiresAt: '2026-12-02T14:00:00.000Z' })).toBe(
      'Old secret works until December 2, 2026, 14:00 UTC',
    );
  });
});
