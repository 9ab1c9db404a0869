import { ErrorCode, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@fxrates/domain';
import { AppException } from '../../common/errors';

/** Length rules, checked before any hashing so an oversized password costs nothing. */
export function assertAcceptablePassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AppException(
      ErrorCode.WeakPassword,
      `Password should be at least ${PASSWORD_MIN_LENGTH} characters`,
    );
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new AppException(
      ErrorCode.PasswordTooLong,
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    );
  }
}
