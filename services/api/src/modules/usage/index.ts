/**
 * Usage: the dashboard's calls per day and key (what bills) and the breakdown of every answered call
 * per key, endpoint, status class and day (what the team reads): its counter, fed by the public API's
 * hot path, and its reads, which GET /api/v1/usage answers too.
 */
export * from './usage.module';
export {
  breakdownEndpointOf,
  UsageBreakdownCounter,
  USAGE_BREAKDOWN_FLUSH_MS,
} from './usage-breakdown-counter';
export { breakdownRange, type BreakdownRange } from './usage-breakdown-range';
export { UsageBreakdownService } from './usage-breakdown.service';
