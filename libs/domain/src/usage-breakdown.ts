/** How an answer's status is grouped in usage: 2xx, 3xx (304s), 4xx (refusals), 5xx. */
export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';
export const STATUS_CLASSES: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx'];

export const statusClassOf = (status: number): StatusClass =>
  status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';

/**
 * One cell of the usage breakdown: the calls one key made to one endpoint on one day (UTC) that
 * were answered with one status class. `endpoint` is the route's path under /api/v1
 * ("rates/latest", "rates/historical/:date", "usage").
 */
export interface UsageBreakdownRow {
  day: string;
  keyId: string;
  endpoint: string;
  statusClass: StatusClass;
  calls: number;
}

/**
 * GET /api/usage/breakdown (dashboard) and the breakdown of GET /api/v1/usage: every non-zero cell
 * from `from` to `to` (days, UTC, inclusive), ordered by day, key, endpoint, status class; with the
 * keys it names (their names and masked keys, disabled ones too).
 */
export interface UsageBreakdown {
  from: string;
  to: string;
  rows: UsageBreakdownRow[];
  keys: { id: string; name: string; maskedKey: string }[];
}

/** Longest span one breakdown request may cover, in days. */
export const MAX_USAGE_BREAKDOWN_DAYS = 93;
