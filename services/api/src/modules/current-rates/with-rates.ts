import { ErrorCode } from '@fxrates/domain';
import { RateUnavailableError } from '@fxrates/rates';
import { AppException } from '../../common/errors';

/** Runs a computation over the rates table, turning a missing rate into 503 `rate-unavailable`. */
export function withRates<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof RateUnavailableError) {
      throw new AppException(
        ErrorCode.RateUnavailable,
        `No rate is available for ${error.currency} right now. Try again later or choose another currency.`,
        undefined,
        { 'Retry-After': '60' },
      );
    }
    throw error;
  }
}
