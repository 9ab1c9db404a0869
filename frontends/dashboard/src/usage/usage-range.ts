import { MAX_USAGE_BREAKDOWN_DAYS } from '@fxrates/domain';

/** Days (YYYY-MM-DD, UTC, as the API counts them), both included. */
export interface UsageRange {
  from: string;
  to: string;
}

export type RangePreset = 'last-7-days' | 'this-month' | 'last-month';

export const RANGE_PRESETS: readonly { value: RangePreset; label: string }[] = [
  { value: 'last-7-days', label: 'Last 7 days' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
];

export const RANGE_TEXTS = {
  invalidDay: 'Enter both days of the period.',
  fromAfterTo: 'The first day must not be after the last.',
  inTheFuture: 'The period cannot end after today.',
  tooLong: `Choose a period of at most ${MAX_USAGE_BREAKDOWN_DAYS} days.`,
} as const;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day `now` falls on in UTC, the calendar usage is counted in. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function dayOf(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}

/** Every day of the range in order, both ends included. */
export function daysOf(range: UsageRange): string[] {
  const first = dayNumber(range.from);
  const count = dayNumber(range.to) - first + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => dayOf(first + index));
}

/** The days a preset covers on `today`: a month so far ends today, last month ends on its last day. */
export function presetRange(preset: RangePreset, today: string): UsageRange {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'this-month':
      return { from: monthStart, to: today };
    case 'last-month': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
  }
}

/** The preset the range is on `today`, or null for a period of the user's own. */
export function presetOf(range: UsageRange, today: string): RangePreset | null {
  const match = RANGE_PRESETS.find(({ value }) => {
    const preset = presetRange(value, today);
    return preset.from === range.from && preset.to === range.to;
  });
  return match?.value ?? null;
}

/** Why the API would refuse the range, in words for the form; null when it can be asked for. */
export function rangeProblem(range: UsageRange, today: string): string | null {
  // Round-tripped: Date.parse takes 2026-02-30 for March 2.
  const valid = (day: string) =>
    ISO_DAY.test(day) && Number.isFinite(dayNumber(day)) && dayOf(dayNumber(day)) === day;
  if (!valid(range.from) || !valid(range.to)) return RANGE_TEXTS.invalidDay;
  if (range.from > range.to) return RANGE_TEXTS.fromAfterTo;
  if (range.to > today) return RANGE_TEXTS.inTheFuture;
  if (daysOf(range).length > MAX_USAGE_BREAKDOWN_DAYS) return RANGE_TEXTS.tooLong;
  return null;
}
