import { createRatesTable, loadBundledSnapshot, RateDecimal } from '@fxrates/rates';
import { TableHistory } from './table-history';

const tableWithEur = (eur: string) => {
  const perUsd = new Map(loadBundledSnapshot().perUsd);
  perUsd.set('EUR', new RateDecimal(eur));
  return createRatesTable({ source: 'unit', date: '2026-11-27', timestamp: '2026-11-27T12:00:00Z', perUsd });
};

describe('TableHistory (what Last-Event-ID resumes from)', () => {
  const window = 5 * 60_000;
  const [a, b, c] = ['0.9', '0.91', '0.92'].map(tableWithEur);

  it('finds a replaced table by version within the window, and forgets it once replaced longer ago', () => {
    const history = new TableHistory(window);
    history.replace(a, 1_000);
    history.replace(b, 2_000);
    expect(history.find(a.version, 2_000)).toBe(a);
    expect(history.find(b.version, 1_000 + window)).toBe(b);
    // a was replaced at 1 000: at 1 001 + window it is older than the window.
    expect(history.find(a.version, 1_001 + window)).toBeUndefined();
    expect(history.find(b.version, 1_001 + window)).toBe(b);
    expect(history.find(c.version, 2_000)).toBeUndefined();
    expect(history.find('not-a-version', 2_000)).toBeUndefined();
  });

  it('drops entries older than the window as new tables come', () => {
    const history = new TableHistory(window);
    history.replace(a, 0);
    history.replace(b, window + 1);
    expect(history['replaced'].map((entry) => entry.table)).toEqual([b]);
  });
});
