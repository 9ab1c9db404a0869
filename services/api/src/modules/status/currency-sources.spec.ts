import { CURRENCIES } from '@fxrates/domain';
import { createRatesTable, loadBundledSnapshot, type RateProvenance } from '@fxrates/rates';
import { CurrencySources } from './currency-sources';

const HOUR = 3_600_000;
const now = Date.parse('2026-11-25T12:00:00.000Z');
const at = (ms: number): RateProvenance['timestamp'] => new Date(ms).toISOString();

function tableWith(origins: Record<string, RateProvenance>) {
  const snapshot = loadBundledSnapshot();
  const provenance = new Map(snapshot.provenance);
  for (const [code, origin] of Object.entries(origins)) provenance.set(code, origin);
  return createRatesTable({ perUsd: snapshot.perUsd, provenance });
}

describe('CurrencySources', () => {
  const ecb = { source: 'ecb', timestamp: '2026-11-24T15:00:00.000Z', date: '2026-11-24' };
  const binance = { source: 'binance', timestamp: at(now - 30_000), date: '2026-11-25' };

  it('gives every catalogued currency, in order, the source and age of its rate at the time asked', () => {
    const sources = new CurrencySources();
    const table = tableWith({ EUR: ecb, GBP: ecb, BTC: binance });
    const rows = sources.answer(table, now);
    expect(rows.map((r) => r.code)).toEqual(CURRENCIES.map((c) => c.code));
    const row = (code: string) => rows.find((r) => r.code === code)!;
    expect(row('EUR')).toEqual({
      code: 'EUR',
      name: 'Euro',
      type: 'fiat',
      ...ecb,
      ageSeconds: 21 * 3600,
      stale: false,
      marketClosed: false,
    });
    expect(row('GBP')).toMatchObject({ source: 'ecb', ageSeconds: 21 * 3600 });
    expect(row('BTC')).toMatchObject({ source: 'binance', ageSeconds: 30, stale: false });
    expect(row('USD')).toMatchObject({ source: null, ageSeconds: null, stale: false, marketClosed: false });

    // The same table a day later: the rows age with the clock, and a day-old crypto value is stale.
    const later = sources.answer(table, now + 24 * HOUR);
    expect(later.find((r) => r.code === 'BTC')).toMatchObject({ ageSeconds: 24 * 3600 + 30, stale: true });
    expect(later.find((r) => r.code === 'EUR')).toMatchObject({ ageSeconds: 45 * 3600, stale: true });
  });

  it("follows a new table's sources, and lists a currency no source rates with none", () => {
    const sources = new CurrencySources();
    sources.answer(tableWith({ BTC: binance }), now);
    const snapshot = loadBundledSnapshot();
    const perUsd = new Map(snapshot.perUsd);
    perUsd.delete('JPY');
    const coinbase = { source: 'coinbase', timestamp: at(now - 5_000), date: '2026-11-25' };
    const provenance = new Map(snapshot.provenance);
    provenance.set('BTC', coinbase);
    const rows = sources.answer(createRatesTable({ perUsd, provenance }), now);
    expect(rows.find((r) => r.code === 'BTC')).toMatchObject({ source: 'coinbase', ageSeconds: 5 });
    expect(rows.find((r) => r.code === 'JPY')).toMatchObject({
      source: null,
      timestamp: null,
      ageSeconds: null,
    });
  });
});
