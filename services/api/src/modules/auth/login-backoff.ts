/** The first delay once an account has had its limit of failures: then it doubles with each one. */
export const BACKOFF_BASE_MS = 250;

/**
 * How long a sign-in to an account waits, given the account's failures in the window (from every
 * IP), the failure limit and the longest delay: nothing below the limit, then 0.25 s, 0.5 s, 1 s, …
 * up to `maxMs`. A delay, never a refusal: whoever makes the account fail cannot lock its owner out.
 */
export function backoffDelayMs(failures: number, limit: number, maxMs: number): number {
  if (failures < limit) return 0;
  return Math.min(maxMs, BACKOFF_BASE_MS * 2 ** Math.min(failures - limit, 30));
}
