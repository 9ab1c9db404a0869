import { displayColumn } from './display-column';
import { HistoryYear, type HistoryRow } from './history-year';
import { coverageOf, dayNumber, sourceSpansOf } from './series-provenance';

/** EUR on the weekdays of the days given, from `source`. */
const rows = (days: string[], source = 'ecb'): HistoryRow[] =>
  days.map((day) => ({ day, currency: 'EUR', rate: '0.9', source }));
const weekdays = (from: string, to: string) => {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const day = new Date(n * 86_400_000).toISOString().slice(0, 10);
    if (![0, 6].includes(new Date(day).getUTCDay())) out.push(day);
  }
  return out;
};

describe('series provenance', () => {
  // ECB to 2026-04-13, nothing for seven months, Frankfurter from 2026-11-02.
  const year = HistoryYear.fromRows(2026, 'x', [
    ...rows(weekdays('2026-01-02', '2026-04-13')),
    ...rows(weekdays('2026-11-02', '2026-11-27'), 'frankfurter'),
  ]);
  const span = (start: string, end: string, lookback = start) => ({
    data: year,
    first: year.from(lookback),
    stop: year.from(end) + (year.days[year.from(end)] === end ? 1 : 0),
    column: displayColumn(year, 'USD', 'EUR'),
  });
  const coverage = (start: string, end: string, lookback = start) =>
    coverageOf([span(start, end, lookback)], dayNumber(start), dayNumber(end), 7);

  it('counts weekends and holidays as covered by the close before, within a week', () => {
    expect(coverage('2026-01-05', '2026-04-19', '2025-12-29')).toEqual({
      first: '2026-01-05',
      last: '2026-04-13',
      missing: [],
    });
    // A Sunday start is covered by the Friday before it, looked back into.
    expect(coverage('2026-03-01', '2026-03-31', '2026-02-23').missing).toEqual([]);
    expect(coverage('2026-03-01', '2026-03-31').missing).toEqual([{ from: '2026-03-01', to: '2026-03-01' }]);
  });

  it('names the days we hold nothing for: the gap inside and the days after the last close', () => {
    expect(coverage('2026-04-01', '2026-11-30', '2026-03-25')).toEqual({
      first: '2026-04-01',
      last: '2026-11-27',
      missing: [{ from: '2026-04-20', to: '2026-11-01' }],
    });
    expect(coverage('2026-11-20', '2026-12-31', '2026-11-13').missing).toEqual([
      { from: '2026-12-04', to: '2026-12-31' },
    ]);
    expect(coverage('2026-06-01', '2026-06-30')).toEqual({
      first: null,
      last: null,
      missing: [{ from: '2026-06-01', to: '2026-06-30' }],
    });
  });

  it('gives each currency’s sources as runs within the period', () => {
    const { data, first, stop } = span('2026-04-01', '2026-11-30');
    expect(sourceSpansOf([{ data, first, stop }], 'EUR')).toEqual([
      { source: 'ecb', from: '2026-04-01', to: '2026-04-13' },
      { source: 'frankfurter', from: '2026-11-02', to: '2026-11-27' },
    ]);
    expect(
      sourceSpansOf([{ data, first: year.from('2026-05-01'), stop: year.from('2026-10-01') }], 'EUR'),
    ).toEqual([]);
  });
});
