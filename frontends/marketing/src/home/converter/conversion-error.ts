import { MESSAGES } from '@fxrates/domain';
import { errorMessage, isApiError } from '@fxrates/web-kit';

/** The converter's error text: the auth failure text, else the server's message, else the default. */
export function conversionErrorMessage(error: unknown): string {
  if (isApiError(error) && error.isUnauthorized) return MESSAGES.convertAuthFailed;
  return errorMessage(error, MESSAGES.convertFailed);
}
