/** What metering decided for one call. */
export enum MeterOutcome {
  /** Counted against the month's quota and the second's burst (in Redis, or from a lease). */
  Counted = 'counted',
  /** Refused: the second's burst is used up (429, Retry-After 1). */
  OverBurst = 'over-burst',
  /** Refused: the month's quota is used up (429, Retry-After until the month's end). */
  OverQuota = 'over-quota',
  /** Refused: the key's own monthly cap is used up (429, Retry-After until the month's end). */
  OverCap = 'over-cap',
  /**
   * Neither counted nor refused yet: it would be refused while another instance's lease is unsettled,
   * whose unused units may come back. Asked again once the leases are settled.
   */
  Deferred = 'deferred',
}
