import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/errors';

/** 429 `too-many-attempts` with Retry-After, saying in minutes when to try again. */
export function tooManyAttempts(what: string, msBeforeNext: number): AppException {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  return new AppException(
    ErrorCode.TooManyAttempts,
    `${what} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}
