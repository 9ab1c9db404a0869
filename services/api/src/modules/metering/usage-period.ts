/** The metering month is the calendar month in UTC. */
export interface UsagePeriod {
  /** "2026-11" */
  month: string;
  /** "2026-11-22" */
  day: string;
  /** Start of the next month, in ms since the epoch. */
  resetsAt: number;
}

const DAY_MS = 86_400_000;
/** The period of the last day asked for: every metered call asks, and the answer changes daily. */
let memo: { dayStart: number; period: UsagePeriod } | undefined;

export function usagePeriod(now: number): UsagePeriod {
  const dayStart = now - (now % DAY_MS);
  if (memo?.dayStart === dayStart) return memo.period;
  const date = new Date(now);
  const iso = date.toISOString();
  const period = {
    month: iso.slice(0, 7),
    day: iso.slice(0, 10),
    resetsAt: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1),
  };
  memo = { dayStart, period };
  return period;
}
