import { RateDecimal } from './decimal';
import { summarizeProvenance } from './freshness';
import { provenanceSummaryOf } from './provenance-summaries';
import { createRatesTable, type RateProvenance } from './rates-table';

const ecb: RateProvenance = { source: 'ecb', timestamp: '2026-11-20T15:00:00.000Z', date: '2026-11-20' };
const binance: RateProvenance = {
  source: 'binance',
  timestamp: '2026-11-22T11:59:50.000Z',
  date: '2026-11-22',
};
const coingecko: RateProvenance = {
  source: 'coingecko',
  timestamp: '2026-11-20T15:00:00.000Z',
  date: '2026-11-20',
};

const table = createRatesTable({
  perUsd: new Map(
    ['USD', 'EUR', 'GBP', 'BTC', 'ETH', 'XAU'].map((code, i) => [code, new RateDecimal(i + 1)]),
  ),
  provenance: new Map([
    ['EUR', ecb],
    // An equal triple in another object is the same origin, as summarizeProvenance counts it.
    ['GBP', { ...ecb }],
    ['BTC', binance],
    ['ETH', binance],
    // As old as ECB's value: the tie goes to whichever origin the codes reach first.
    ['XAU', coingecko],
  ]),
});

/** Every ordered selection of up to `length` codes, repeats allowed. */
function* selections(codes: readonly string[], length: number): Generator<string[]> {
  yield [];
  if (length === 0) return;
  for (const code of codes) for (const rest of selections(codes, length - 1)) yield [code, ...rest];
}

describe('provenanceSummaryOf', () => {
  it('gives what summarizeProvenance gives, for every selection of codes in every order', () => {
    const codes = ['USD', 'EUR', 'GBP', 'BTC', 'ETH', 'XAU', 'JPY'];
    let checked = 0;
    for (const selection of selections(codes, 4)) {
      const summary = provenanceSummaryOf(table, selection);
      expect({ ...summary, origins: summary.origins.map((o) => ({ ...o })) }).toEqual(
        summarizeProvenance(table, selection),
      );
      checked += 1;
    }
    expect(checked).toBe(1 + 7 + 49 + 343 + 2401);
  });

  it('lists the sources in the order the codes reach them, so that order is part of the memo', () => {
    expect(provenanceSummaryOf(table, ['BTC', 'EUR']).source).toBe('binance,ecb');
    expect(provenanceSummaryOf(table, ['EUR', 'BTC']).source).toBe('ecb,binance');
    expect(provenanceSummaryOf(table, ['XAU', 'EUR']).source).toBe('coingecko,ecb');
    expect(provenanceSummaryOf(table, ['XAU', 'EUR']).timestamp).toBe(coingecko.timestamp);
  });

  it('summarizes per call a table of more origins than a number can index, with the same result', () => {
    const provenance = new Map<string, RateProvenance>();
    const perUsd = new Map<string, RateDecimal>([['USD', new RateDecimal(1)]]);
    for (let i = 0; i < 20; i += 1) {
      const code = `C${String(i).padStart(2, '0')}`;
      perUsd.set(code, new RateDecimal(i + 1));
      provenance.set(code, {
        source: `s${i}`,
        timestamp: `2026-11-${10 + i}T00:00:00.000Z`,
        date: `2026-11-${10 + i}`,
      });
    }
    const many = createRatesTable({ perUsd, provenance });
    const codes = ['C19', 'C03', 'C12', 'USD', 'C03'];
    expect(provenanceSummaryOf(many, codes)).toEqual(summarizeProvenance(many, codes));
    expect(provenanceSummaryOf(many, codes).source).toBe('s19,s3,s12');
  });
});
