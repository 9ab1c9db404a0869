import { ErrorCode } from '@fxrates/domain';
import { PayPalUnavailableError } from '@fxrates/paypal';
import { AppException } from '../../common/errors';

/** Runs a PayPal step; PayPal being unreachable becomes a 502 that tells the user nothing changed. */
export async function askPayPal<T>(
  step: () => Promise<T>,
  onUnavailable: (error: Error) => void,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof PayPalUnavailableError)) throw error;
    onUnavailable(error);
    throw new AppException(
      ErrorCode.PaymentProviderUnavailable,
      'We could not reach PayPal. Nothing was changed; try again in a minute.',
      undefined,
      { 'Retry-After': '60' },
    );
  }
}
