/**
 * The rate history: daily closes loaded from PostgreSQL (RateHistory for the public API's
 * historical, time-series and fluctuation endpoints; PairHistory for the converter's sparkline),
 * the close store and answer cache behind them, and the query checks those endpoints share.
 */
export { HistoryModule } from './history.module';
export {
  HISTORY_PRECEDENCE,
  HISTORY_SOURCES,
  HISTORY_TTL_MS,
  sourcesInOrder,
  RateHistory,
  type DailyClose,
  type SeriesProvenance,
  type SeriesRow,
  type SeriesTable,
} from './rate-history';
export { PairHistory, type PairHistoryAnswer, type PairPoint } from './pair-history';
export { AnswerCache } from './answer-cache';
export type { PooledBytes } from './ascii-writer';
export {
  assertClosesHeld,
  closeRate,
  closeRates,
  closeSources,
  closeTimestamp,
  closeTimestampOf,
  symbolsFor,
} from './history-json';
export { MAX_SERIES_DAYS, notInFuture, parseDay, parsePeriodQuery, type PeriodQuery } from './history-query';
export { noCloseFor, noClosesBetween, noClosesOn, type HeldRange } from './no-close';
export type { Coverage, SourceSpan } from './series-provenance';
