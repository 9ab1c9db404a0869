/** The calendar periods an average is taken over (UTC calendar days). */
export const PERIOD_KINDS = ['month', 'quarter', 'year'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** Months in each kind of period: a quarter starts in January, April, July or October. */
const MONTHS: Record<PeriodKind, number> = { month: 1, quarter: 3, year: 12 };

/**
 * The most periods one call may ask for: two years of months, five of quarters, ten of years (each
 * counted by the periods the range touches, a clipped one included).
 */
export const MAX_PERIODS: Record<PeriodKind, number> = { month: 24, quarter: 20, year: 10 };

/** One calendar period of a range, clipped to it. */
export interface CalendarPeriod {
  /** `2024-03` (month), `2024-Q1` (quarter), `2024` (year). */
  label: string;
  /** The first day counted: the period's first, or the range's start when that is later. */
  from: string;
  /** The last day counted: the period's last, or the range's end when that is earlier. */
  to: string;
  /** Whether the range cuts the period short at either end (`from`/`to` are not its own bounds). */
  partial: boolean;
}

const two = (n: number) => String(n).padStart(2, '0');
/** Months since year 0 of a YYYY-MM-DD day. */
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
/** A day by year, 0-based month and date, which may run over (setUTCFullYear: no 19xx for year 50). */
function dayOf(year: number, month: number, date: number): string {
  const day = new Date(0);
  day.setUTCFullYear(year, month, date);
  return day.toISOString().slice(0, 10);
}

/** How many periods of `kind` the range from `start` to `end` (start ≤ end) touches. */
export function periodCount(kind: PeriodKind, start: string, end: string): number {
  const size = MONTHS[kind];
  return Math.floor(monthIndex(end) / size) - Math.floor(monthIndex(start) / size) + 1;
}

/**
 * The calendar periods of `kind` that the days from `start` to `end` (YYYY-MM-DD, start ≤ end)
 * overlap, oldest first, each clipped to the range: `2024-01-15` to `2024-03-10` by month is
 * 01-15…01-31 (partial), 02-01…02-29, 03-01…03-10 (partial).
 */
export function periodsBetween(kind: PeriodKind, start: string, end: string): CalendarPeriod[] {
  const size = MONTHS[kind];
  const periods: CalendarPeriod[] = [];
  const last = Math.floor(monthIndex(end) / size);
  for (let p = Math.floor(monthIndex(start) / size); p <= last; p++) {
    const year = Math.floor((p * size) / 12);
    const month = (p * size) % 12; // 0-based first month of the period
    const first = dayOf(year, month, 1);
    // Day 0 of the month after the period: its last day (29 February in a leap year).
    const final = dayOf(year, month + size, 0);
    const from = first < start ? start : first;
    const to = final > end ? end : final;
    periods.push({ label: labelOf(kind, year, month), from, to, partial: from !== first || to !== final });
  }
  return periods;
}

function labelOf(kind: PeriodKind, year: number, month: number): string {
  const yyyy = String(year).padStart(4, '0');
  if (kind === 'year') return yyyy;
  if (kind === 'quarter') return `${yyyy}-Q${month / 3 + 1}`;
  return `${yyyy}-${two(month + 1)}`;
}

/** The index in `periods` (oldest first, contiguous) of the one holding `day`. */
export function periodIndexOf(periods: readonly CalendarPeriod[], day: string): number {
  let low = 0;
  let high = periods.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (periods[middle].to < day) low = middle + 1;
    else high = middle;
  }
  return low;
}
