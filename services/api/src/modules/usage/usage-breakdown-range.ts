import { ErrorCode, MAX_USAGE_BREAKDOWN_DAYS } from '@fxrates/domain';
import { AppException } from '../../common/errors';

/** Days (YYYY-MM-DD, UTC) a breakdown covers, both included. */
export interface BreakdownRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const refused = (message: string) => new AppException(ErrorCode.ValidationFailed, message);

/** The day's number since 1970-01-01, or NaN when it is no calendar day (2026-02-30 included). */
function dayNumber(day: string): number {
  if (!ISO_DAY.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(day) ? ms / DAY_MS : Number.NaN;
}

const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

function parsedDay(value: string, name: 'from' | 'to', example: string): number {
  const number = dayNumber(value);
  if (Number.isNaN(number)) {
    throw refused(`"${name}" must be a calendar day as YYYY-MM-DD (UTC), e.g. ${example}.`);
  }
  return number;
}

/**
 * The days asked for by `from` and `to` (each YYYY-MM-DD, optional): by default this month (UTC) up
 * to today; `to` alone, its month up to it; `from` alone, up to today. Refused with 400
 * `validation-failed`, saying what to send: a day that is not one, `to` after today, `from` after
 * `to`, more than MAX_USAGE_BREAKDOWN_DAYS days.
 */
export function breakdownRange(
  from: string | undefined,
  to: string | undefined,
  now: number,
): BreakdownRange {
  const today = Math.floor(now / DAY_MS);
  const todayText = dayOf(today);
  const monthStart = `${todayText.slice(0, 8)}01`;
  const last = to === undefined ? today : parsedDay(to, 'to', todayText);
  const first =
    from === undefined ? dayNumber(`${dayOf(last).slice(0, 8)}01`) : parsedDay(from, 'from', monthStart);
  if (last > today) {
    throw refused(`"to" (${to}) is after today (${todayText}, UTC): send a day up to today.`);
  }
  if (first > last) {
    throw refused(
      `"from" (${dayOf(first)}) is after "to" (${dayOf(last)}): send a "from" on or before "to".`,
    );
  }
  const days = last - first + 1;
  if (days > MAX_USAGE_BREAKDOWN_DAYS) {
    throw refused(
      `From ${dayOf(first)} to ${dayOf(last)} is ${days} days: send at most ${MAX_USAGE_BREAKDOWN_DAYS}, e.g. from=${dayOf(last - MAX_USAGE_BREAKDOWN_DAYS + 1)}&to=${dayOf(last)}.`,
    );
  }
  return { from: dayOf(first), to: dayOf(last) };
}
