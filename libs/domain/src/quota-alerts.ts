/**
 * Quota alerts: when a user's metered calls pass 75 %, 90 % and 100 % of the month's
 * quota they get one email per threshold and month, and the dashboard shows a banner from 75 % on.
 */
export const QUOTA_ALERT_THRESHOLDS = [75, 90, 100] as const;

export type QuotaAlertThreshold = (typeof QUOTA_ALERT_THRESHOLDS)[number];

/** Every threshold `used` calls have reached of `quota`, lowest first (integer arithmetic, no rounding). */
export function thresholdsReached(used: number, quota: number): QuotaAlertThreshold[] {
  if (quota <= 0) return [];
  return QUOTA_ALERT_THRESHOLDS.filter((pct) => used * 100 >= quota * pct);
}

/** The highest threshold reached, or null below 75 %. */
export function quotaAlertLevel(used: number, quota: number): QuotaAlertThreshold | null {
  return thresholdsReached(used, quota).at(-1) ?? null;
}

/** The share of the quota used, in whole percent rounded down (so 74.9 % never reads as 75 %). */
export function percentUsed(used: number, quota: number): number {
  return quota > 0 ? Math.floor((used * 100) / quota) : 0;
}

/** Whether `value` is one of the three thresholds (an API body, a database row). */
export function isQuotaAlertThreshold(value: unknown): value is QuotaAlertThreshold {
  return QUOTA_ALERT_THRESHOLDS.some((threshold) => threshold === value);
}

/** The chosen thresholds as stored and shown: each once, ascending. */
export function normalizedThresholds(chosen: readonly QuotaAlertThreshold[]): QuotaAlertThreshold[] {
  return QUOTA_ALERT_THRESHOLDS.filter((threshold) => chosen.includes(threshold));
}
