import { ErrorCode, NUMBERS_FORMATS, type NumbersFormat, type PlanId } from '@fxrates/domain';
import { AppException } from '../../common/errors';
import {
  onlyParameters,
  optionalChoice,
  optionalCurrency,
  optionalCurrencyList,
  requiredString,
  type Query,
} from '../../common/input';
import { assertCurrenciesInPlan } from '../plans';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** The longest time series one call may ask for. */
export const MAX_SERIES_DAYS = 366;

/** True for a real calendar day written YYYY-MM-DD (not 2026-02-30, not 2026-13-01). */
function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const midnight = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(midnight) && new Date(midnight).toISOString().slice(0, 10) === value;
}

/** A calendar day as YYYY-MM-DD, or 400 `invalid-date`. */
export function parseDay(value: unknown, name: string): string {
  if (typeof value !== 'string' || !isCalendarDay(value)) {
    throw new AppException(
      ErrorCode.InvalidDate,
      `"${name}" must be a calendar date as YYYY-MM-DD, e.g. 2024-03-15.`,
    );
  }
  return value;
}

/** Refuses a day after today (UTC) with 400 `date-out-of-range`. */
export function notInFuture(day: string, name: string, now: number): void {
  const today = new Date(now).toISOString().slice(0, 10);
  if (day > today) {
    throw new AppException(
      ErrorCode.DateOutOfRange,
      `"${name}" (${day}) is in the future; the latest day is ${today}.`,
    );
  }
}

/** Checks start ≤ end and the span; returns the number of calendar days covered. */
export function checkSpan(start: string, end: string): number {
  if (end < start) {
    throw new AppException(ErrorCode.DateOutOfRange, `"end" (${end}) is before "start" (${start}).`);
  }
  const days = (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;
  if (days > MAX_SERIES_DAYS) {
    throw new AppException(
      ErrorCode.DateOutOfRange,
      `At most ${MAX_SERIES_DAYS} days per call; ${start} to ${end} is ${days}. Split the range.`,
    );
  }
  return days;
}

export interface PeriodQuery {
  start: string;
  end: string;
  base: string;
  /** Undefined when the caller asked for every currency. */
  symbols: string[] | undefined;
  /** `string`: every rate as an exact decimal string (docs/decisions.md, Numbers). */
  numbers: NumbersFormat;
}

/**
 * ?start&end&base&symbols&numbers of /timeseries and /fluctuation, checked and gated by the plan;
 * `others` are the route's own parameters, read by the route.
 */
export function parsePeriodQuery(
  query: Query,
  plan: PlanId,
  now: number,
  others: readonly string[] = [],
): PeriodQuery {
  onlyParameters(query, ['start', 'end', 'base', 'symbols', 'numbers', ...others]);
  const start = parseDay(requiredString(query, 'start'), 'start');
  const end = parseDay(requiredString(query, 'end'), 'end');
  checkSpan(start, end);
  notInFuture(end, 'end', now);
  const base = optionalCurrency(query, 'base', 'USD');
  const symbols = optionalCurrencyList(query, 'symbols');
  const numbers = optionalChoice(query, 'numbers', NUMBERS_FORMATS, 'number');
  assertCurrenciesInPlan(plan, [base, ...(symbols ?? [])]);
  return { start, end, base, symbols, numbers };
}
