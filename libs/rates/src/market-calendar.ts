/**
 * When fiat sources publish. ECB reference rates (and Frankfurter, which republishes them) appear on
 * TARGET2 business days only: not on weekends, New Year's Day, Good Friday, Easter Monday, 1 May,
 * 25 and 26 December. Open Exchange Rates follows the FX market, which does not trade on weekends.
 */
export interface PublishingCalendar {
  /** Whether the source publishes on this day (YYYY-MM-DD). */
  publishesOn(day: string): boolean;
}

const isWeekend = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const targetHolidays = new Map<number, ReadonlySet<string>>();

function targetHolidaysOf(year: number): ReadonlySet<string> {
  let holidays = targetHolidays.get(year);
  if (!holidays) {
    const easter = easterSunday(year);
    holidays = new Set([
      `${year}-01-01`,
      addDays(easter, -2),
      addDays(easter, 1),
      `${year}-05-01`,
      `${year}-12-25`,
      `${year}-12-26`,
    ]);
    targetHolidays.set(year, holidays);
  }
  return holidays;
}

export const TARGET_CALENDAR: PublishingCalendar = {
  publishesOn: (day) => !isWeekend(day) && !targetHolidaysOf(Number(day.slice(0, 4))).has(day),
};

export const FX_WEEK_CALENDAR: PublishingCalendar = {
  publishesOn: (day) => !isWeekend(day),
};

const CALENDARS: Record<string, PublishingCalendar> = {
  ecb: TARGET_CALENDAR,
  frankfurter: TARGET_CALENDAR,
  oxr: FX_WEEK_CALENDAR,
};

/** The calendar a source publishes by, if it keeps one (crypto and the bundled snapshot do not). */
export function publishingCalendarOf(source: string): PublishingCalendar | undefined {
  return CALENDARS[source];
}

/**
 * Precious metals trade round the clock from Sunday evening to Friday evening (London, New York,
 * Shanghai, Zurich) and not at weekends. Counted in whole UTC days as the FX week is: Saturday and
 * Sunday are closed (the hour of Sunday evening when Asia opens counts as closed too).
 */
export const METALS_CALENDAR: PublishingCalendar = FX_WEEK_CALENDAR;

/**
 * The calendar a metal's value follows: its source's own when it keeps one (a central bank's fix),
 * else the metals market's week, whichever live source quotes it. The bundled snapshot keeps none:
 * it is a pinned file, not a market.
 */
export function metalCalendarOf(source: string): PublishingCalendar | undefined {
  return CALENDARS[source] ?? (source === 'bundled-snapshot' ? undefined : METALS_CALENDAR);
}

/** The last day up to and including `day` on which the calendar publishes. */
export function lastPublishingDay(calendar: PublishingCalendar, day: string): string {
  let candidate = day;
  while (!calendar.publishesOn(candidate)) candidate = addDays(candidate, -1);
  return candidate;
}

/** How many whole days strictly between `from` and `to` (YYYY-MM-DD) the calendar does not publish. */
export function closedDaysBetween(calendar: PublishingCalendar, from: string, to: string): number {
  let closed = 0;
  for (let day = addDays(from, 1); day < to; day = addDays(day, 1)) {
    if (!calendar.publishesOn(day)) closed += 1;
  }
  return closed;
}
