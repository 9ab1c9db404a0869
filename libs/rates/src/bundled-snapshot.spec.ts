import { BUNDLED_SNAPSHOT_SOURCE, loadBundledSnapshot, parseSnapshot } from './bundled-snapshot';
import { crossRate, displayRate } from './convert';
import { tableFromJson, tableToJson } from './rates-table';

describe('parseSnapshot', () => {
  it('keeps positive finite rates, upper-cases codes and drops everything unusable', () => {
    const table = parseSnapshot({
      date: '2026-09-29',
      usd: { eur: 0.88, gbp: '0.75', bad: 0, neg: -1, nan: 'abc', inf: Infinity, obj: {}, usd: 1 },
    });
    expect([...table.perUsd.keys()].sort()).toEqual(['EUR', 'GBP', 'USD']);
    expect(table.perUsd.get('EUR')!.toString()).toBe('0.88');
    expect(table.source).toBe(BUNDLED_SNAPSHOT_SOURCE);
    expect(table.timestamp).toBe('2026-09-29T00:00:00.000Z');
  });

  it('quotes MATIC as POL (1:1 migration) only when the snapshot lacks MATIC', () => {
    expect(
      parseSnapshot({ date: '2026-09-29', usd: { pol: 8.7 } })
        .perUsd.get('MATIC')!
        .toString(),
    ).toBe('8.7');
    expect(
      parseSnapshot({ date: '2026-09-29', usd: { pol: 8.7, matic: 9 } })
        .perUsd.get('MATIC')!
        .toString(),
    ).toBe('9');
  });

  it('refuses a file of another shape', () => {
    expect(() => parseSnapshot({ date: 'yesterday', usd: {} })).toThrow(/unexpected file format/);
    expect(() => parseSnapshot({} as never)).toThrow(/unexpected file format/);
  });

  it('loads the pinned package with every featured currency', () => {
    const table = loadBundledSnapshot();
    expect(table.perUsd.size).toBeGreaterThan(250);
    for (const code of ['USD', 'EUR', 'INR', 'BTC', 'ETH', 'MATIC', 'USDT'])
      expect(table.perUsd.has(code)).toBe(true);
  });
});

describe('metals in the bundled snapshot', () => {
  // The pinned @fawazahmed0/currency-api 2026.9.29 usd file prices the four metals per troy ounce
  // (its own README: "4 metals (XAU, XAG, XPT, XPD, per troy ounce)"), and the tokens apart.
  it('gives every metal its offline value, per troy ounce, from the snapshot with its date', () => {
    const table = loadBundledSnapshot();
    const perOunce = (code: string) => displayRate(crossRate(table, code, 'USD')).toString();
    expect([perOunce('XAU'), perOunce('XAG'), perOunce('XPT'), perOunce('XPD')]).toEqual([
      '4129.100455',
      '60.61747139',
      '1696.308815',
      '1208.344878',
    ]);
    for (const metal of ['XAU', 'XAG', 'XPT', 'XPD']) {
      expect(table.provenance.get(metal)).toEqual({
        source: BUNDLED_SNAPSHOT_SOURCE,
        timestamp: '2026-09-29T00:00:00.000Z',
        date: '2026-09-29',
      });
    }
  });

  it('keeps tokenised gold (PAXG, XAUT) at its own market price, never as XAU', () => {
    const table = loadBundledSnapshot();
    expect(table.perUsd.get('XAU')!.toString()).toBe('0.0002421835');
    expect(table.perUsd.get('PAXG')!.toString()).toBe('0.00024162818');
    expect(table.perUsd.get('XAUT')!.toString()).toBe('0.00024194541');
  });
});

describe('rates table JSON', () => {
  it('round-trips with the same version, and the version follows the content', () => {
    const table = loadBundledSnapshot();
    const copy = tableFromJson(JSON.parse(JSON.stringify(tableToJson(table))));
    expect(copy.version).toBe(table.version);
    const json = tableToJson(table);
    json.rates.EUR = '0.5';
    expect(tableFromJson(json).version).not.toBe(table.version);
  });
});
