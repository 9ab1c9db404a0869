/**
 * Intraday bars (OHLC) of the rates: the intervals kept, how long each is kept, how much one call may
 * ask for, and what each plan may read (PlanDefinition.bars). docs/rates-engine.md, "Bars".
 */

/** The bar intervals, finest first: the worker keeps every one of them from each table version. */
export const BAR_INTERVALS = ['1m', '5m', '1h', '1d'] as const;
export type BarInterval = (typeof BAR_INTERVALS)[number];

/** Each interval's width in milliseconds (bars start on multiples of it since 2000-01-01T00:00Z). */
export const BAR_INTERVAL_MS: Readonly<Record<BarInterval, number>> = {
  '1m': 60_000,
  '5m': 5 * 60_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

/**
 * Days each interval's bars are kept before their monthly partition is dropped (null: forever). A
 * year of minutes for every currency (~150 M rows) is the largest; 400 days keeps a full year of
 * look-back on any day of the month, the partition of the oldest month being dropped whole once its
 * last day is past the retention. The per-tick log that cross pairs are computed from is kept as
 * long as the minutes.
 */
export const BAR_RETENTION_DAYS: Readonly<Record<BarInterval, number | null>> = {
  '1m': 400,
  '5m': 800,
  '1h': 1_900,
  '1d': null,
};

/** Days of the per-tick log (every table version's values) kept for cross pairs. */
export const BAR_TICK_RETENTION_DAYS = 400;

/**
 * The most one call may span, per interval: two days of minutes, two weeks of 5 minutes, three
 * months of hours, a year of days. Longer is 400 `date-out-of-range`: ask a coarser interval or split.
 */
export const BAR_MAX_SPAN_DAYS: Readonly<Record<BarInterval, number>> = {
  '1m': 2,
  '5m': 14,
  '1h': 92,
  '1d': 366,
};

/** What a plan may read of the bars: the intervals and how far back (days before today). */
export interface PlanBars {
  intervals: readonly BarInterval[];
  lookbackDays: number;
}
