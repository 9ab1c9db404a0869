import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { User } from '@fxrates/db';
import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/errors';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordHashing } from './password-hashing.service';

/**
 * The current password a signed-in account gives to change its credentials (password, email): checked
 * as a sign-in is, under the same throttle, so a stolen session guesses it no faster than the sign-in
 * form allows. Wrong: 400 `wrong-current-password` (the session itself is fine); past the sign-in
 * limit, 429 `too-many-attempts` even for the right one.
 */
@Injectable()
export class CurrentPasswordCheck {
  constructor(
    private readonly throttle: LoginThrottleService,
    private readonly passwords: PasswordHashing,
  ) {}

  async assert(
    user: Pick<User, 'email' | 'passwordHash'>,
    currentPassword: string,
    ip: string | undefined,
  ): Promise<void> {
    const attempt = await this.throttle.begin(user.email, ip);
    if (attempt.delayMs > 0) await sleep(attempt.delayMs);
    const matches = await this.passwords
      .verify(user.passwordHash, currentPassword)
      .catch(async (error: unknown) => {
        await attempt.abandoned();
        throw error;
      });
    if (!matches) {
      await attempt.failed();
      throw new AppException(ErrorCode.WrongCurrentPassword, 'Your current password is not correct.');
    }
    await attempt.succeeded();
  }
}
