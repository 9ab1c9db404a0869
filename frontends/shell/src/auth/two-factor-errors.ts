import { ErrorCode } from '@fxrates/domain';
import { isApiError } from '@fxrates/web-kit';

export const TWO_FACTOR_STEP_FAILED = 'Your code could not be checked. Please try again.';

/** How the code step of a sign-in failed: shown in the API's words, and whether to start over. */
export interface TwoFactorStepError {
  message: string;
  /** The challenge is over (expired, or used): back to the password. */
  restart: boolean;
}

/**
 * A wrong, used or throttled code in the API's words (they say what to do: wait for the next code,
 * try again in n minutes); an ended challenge sends the user back to the password; anything else
 * (no answer, a fault) asks to try again.
 */
export function twoFactorStepError(error: unknown): TwoFactorStepError {
  if (!isApiError(error) || !error.serverMessage) return { message: TWO_FACTOR_STEP_FAILED, restart: false };
  return {
    message: error.serverMessage,
    restart: error.code === ErrorCode.TwoFactorChallengeInvalid,
  };
}
