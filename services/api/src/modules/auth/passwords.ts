import { ErrorCode, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@fxrates/domain';
import * as argon2 from 'argon2';
import { AppException } from '../../common/errors';

/** argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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

/** Only through PasswordHashing, which bounds how many run at once. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password);
}
