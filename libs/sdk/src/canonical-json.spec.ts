import canonicalize from 'canonicalize';
import { canonicalJson } from './canonical-json';

/** A fixing document as the API signs it (without its signature). */
const FIXING = {
  id: 'fix_LDN1600_20260329',
  cut: 'LDN1600',
  date: '2026-03-29',
  cutAt: '2026-03-29T15:00:00.000Z',
  base: 'USD',
  rates: { GBP: '0.75538854', EUR: '0.88022588', JPY: '149.5' },
  provenance: {
    GBP: { source: 'ecb', timestamp: '2026-03-29T15:00:00.000Z', date: '2026-03-29' },
    EUR: { source: 'open-er-api', timestamp: '2026-03-29T15:00:00.000Z', date: '2026-03-29' },
  },
  tableVersion: '1774796401234-0',
  frozenAt: '2026-03-29T15:00:01.234Z',
  publisher: 'FXRates fixings',
};

describe('canonicalJson (RFC 8785)', () => {
  it('writes a fixing document exactly as the canonicalize package the API signs with', () => {
    expect(canonicalJson(FIXING)).toBe(canonicalize(FIXING));
    expect(canonicalJson(FIXING)).toMatch(/^\{"base":"USD","cut":"LDN1600","cutAt":/);
  });

  it.each([
    [
      'numbers as ECMAScript Number::toString',
      [0, -0, 1e21, 1e-7, 0.1 + 0.2, 333333333.3333333, -5e-324, 2 ** 53],
    ],
    [
      'member names by UTF-16 code unit, not by code point',
      { '\u20ac': 1, '\r': 2, '\ud83d\ude00': 3, '\ufb33': 4, '1': 5, a: 6, A: 7 },
    ],
    ['escapes as JSON.stringify writes them', { text: 'a"b\\c\n\t\u0001\u001f\u007f é €', empty: '' }],
    ['nested arrays, booleans and null', { list: [[], {}, [null, true, false, 'x']], none: null }],
    ['members whose value is undefined left out', { kept: 1, dropped: undefined }],
  ])('writes %s as canonicalize does', (_what, value) => {
    expect(canonicalJson(value)).toBe(canonicalize(value));
  });

  it("matches RFC 8785's own example (§3.2.2)", () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],' +
        '"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a lone surrogate', 'a\ud800b'],
    ['a function', () => 1],
  ])('refuses %s, which has no canonical form', (_what, value) => {
    expect(() => canonicalJson({ value })).toThrow(TypeError);
  });
});
