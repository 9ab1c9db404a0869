import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/errors';

/** The first and last day of a currency's stored closes (null: none stored). */
export type HeldRange = { first: string; last: string } | null;

/** "we hold EUR closes from 1999-01-04 to 2026-11-27" / "we hold no EUR closes". */
function held(currency: string, range: HeldRange): string {
  return range
    ? `we hold ${currency} closes from ${range.first} to ${range.last}`
    : `we hold no ${currency} closes yet`;
}

/**
 * 404 `history-unavailable` for a day on which (or within the week before which) we have stored no
 * close of `currency`, naming the range we do hold. It says what we have, never what a source did:
 * a day missing here may be one we have not fetched yet.
 */
export const noCloseFor = (currency: string, day: string, range: HeldRange) =>
  new AppException(
    ErrorCode.HistoryUnavailable,
    `No ${currency} close is stored for ${day} or the 6 days before it; ${held(currency, range)}.`,
  );

/** 404 `history-unavailable` for a day without a single stored close of any currency near it. */
export const noClosesOn = (day: string, range: HeldRange) =>
  new AppException(
    ErrorCode.HistoryUnavailable,
    range
      ? `No close is stored for ${day} or the 6 days before it; we hold closes from ${range.first} to ${range.last}.`
      : `No close is stored for ${day}: we hold no rate history yet.`,
  );

/**
 * 404 `history-unavailable` for a period without a single stored close of `currencies` (of any
 * currency when none is named), naming the range held of each.
 */
export const noClosesBetween = (
  start: string,
  end: string,
  currencies: ReadonlyArray<{ code: string; range: HeldRange }>,
  overall: HeldRange,
) =>
  new AppException(
    ErrorCode.HistoryUnavailable,
    currencies.length > 0
      ? `No ${currencies.map(({ code }) => code).join(', ')} close is stored from ${start} to ${end}; ` +
          `${currencies.map(({ code, range }) => held(code, range)).join('; ')}.`
      : overall
        ? `No close is stored from ${start} to ${end}; we hold closes from ${overall.first} to ${overall.last}.`
        : `No close is stored from ${start} to ${end}: we hold no rate history yet.`,
  );
