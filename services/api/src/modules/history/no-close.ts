import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/app-exception';

/**
 * 404 `history-unavailable` for a day the source published no close of `currency` (of any currency
 * when none is named) on or shortly before.
 */
export const noCloseFor = (currency: string | undefined, day: string) =>
  new AppException(
    ErrorCode.HistoryUnavailable,
    `The ECB published no ${currency ? `${currency} rate` : 'rates'} on or shortly before ${day}.`,
  );

/**
 * 404 `history-unavailable` for a period without a single close (of `currencies`, when named): the
 * same problem as a day's.
 */
export const noClosesBetween = (start: string, end: string, currencies?: readonly string[]) =>
  new AppException(
    ErrorCode.HistoryUnavailable,
    currencies
      ? `The ECB published no ${currencies.join(', ')} rates from ${start} to ${end}.`
      : `The ECB published no rates from ${start} to ${end}. Ask for a period with business days in it.`,
  );
