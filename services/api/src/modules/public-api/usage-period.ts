/** The metering month is the calendar month in UTC. */
export interface UsagePeriod {
  /** "2026-11" */
  month: string;
  /** "2026-11-22" */
  day: string;
  /** Start of the next month, in ms since the epoch. */
  resetsAt: number;
}

export function usagePeriod(now: number): UsagePeriod {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const iso = date.toISOString();
  return { month: iso.slice(0, 7), day: iso.slice(0, 10), resetsAt: Date.UTC(year, month + 1, 1) };
}
