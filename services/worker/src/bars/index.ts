/**
 * Intraday bars in the worker: each published table version is a tick of every currency's bars
 * (BarKeeper, called by the rates ingestion), and a daily job keeps the partitions (BarRetention).
 */
export { BarKeeper } from './bar-keeper';
export { BarRetention, type BarRetentionReport } from './bar-retention';
