import { ErrorCode, NUMBERS_FORMATS, type NumbersFormat, type PlanId } from '@fxrates/domain';
import { AppException } from '../../common/errors';
import {
  onlyParameters,
  optionalChoice,
  optionalCurrency,
  optionalCurrencyList,
  optionalString,
  requiredString,
  type Query,
} from '../../common/input';
import { MAX_SERIES_DAYS, notInFuture, parseDay } from '../history';
import { assertCurrenciesInPlan } from '../plans';
import { MAX_PERIODS, PERIOD_KINDS, periodCount, type PeriodKind } from './calendar-periods';

/** `basis` when none is given: each day's close from the history. */
export const CLOSE_BASIS = 'close';
/** `detail`: `days` lists every day counted. */
export const DETAILS = ['none', 'days'] as const;
/**
 * The most symbols one average may ask for: ten years of a crypto's every day for each of them is
 * ~110 000 days to add up in one call.
 */
export const MAX_AVERAGE_SYMBOLS = 30;

const DAY_MS = 86_400_000;

export interface AverageQuery {
  start: string;
  end: string;
  base: string;
  symbols: string[];
  period: PeriodKind;
  /** `close`, or the name of a fixing cut (checked against the cuts by RateAverages). */
  basis: string;
  /** Whether every day counted is listed. */
  days: boolean;
  numbers: NumbersFormat;
}

/**
 * ?start&end&base&symbols&period&basis&detail&numbers of /rates/average, checked and gated by the
 * plan: the range touches at most MAX_PERIODS periods of its kind, and with `detail=days` spans at
 * most MAX_SERIES_DAYS days (a time series' limit, for the same number of days listed).
 */
export function parseAverageQuery(query: Query, plan: PlanId, now: number): AverageQuery {
  onlyParameters(query, ['start', 'end', 'base', 'symbols', 'period', 'basis', 'detail', 'numbers']);
  const start = parseDay(requiredString(query, 'start'), 'start');
  const end = parseDay(requiredString(query, 'end'), 'end');
  const period = optionalChoice(query, 'period', PERIOD_KINDS, 'month');
  const days = optionalChoice(query, 'detail', DETAILS, 'none') === 'days';
  if (end < start) {
    throw new AppException(ErrorCode.DateOutOfRange, `"end" (${end}) is before "start" (${start}).`);
  }
  notInFuture(end, 'end', now);
  const periods = periodCount(period, start, end);
  if (periods > MAX_PERIODS[period]) {
    throw new AppException(
      ErrorCode.DateOutOfRange,
      `At most ${MAX_PERIODS[period]} ${period}s per call; ${start} to ${end} touches ${periods}. Split the range or ask for longer periods.`,
    );
  }
  const span = (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;
  if (days && span > MAX_SERIES_DAYS) {
    throw new AppException(
      ErrorCode.DateOutOfRange,
      `"detail=days" lists at most ${MAX_SERIES_DAYS} days; ${start} to ${end} is ${span}. Split the range.`,
    );
  }
  const base = optionalCurrency(query, 'base', 'USD');
  const symbols = optionalCurrencyList(query, 'symbols');
  if (symbols === undefined) {
    throw new AppException(ErrorCode.MissingParameter, 'Query parameter "symbols" is required.');
  }
  if (symbols.length > MAX_AVERAGE_SYMBOLS) {
    throw new AppException(
      ErrorCode.ValidationFailed,
      `"symbols" may list at most ${MAX_AVERAGE_SYMBOLS} currencies for an average; it lists ${symbols.length}.`,
    );
  }
  const basis = optionalString(query, 'basis') ?? CLOSE_BASIS;
  const numbers = optionalChoice(query, 'numbers', NUMBERS_FORMATS, 'number');
  assertCurrenciesInPlan(plan, [base, ...symbols]);
  return { start, end, base, symbols, period, basis, days, numbers };
}
