import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { User } from '@fxrates/db';
import { ErrorCode, type ChangePasswordRequest } from '@fxrates/domain';
import { AppException } from '../../common/app-exception';
import { unauthorized } from './access-tokens.service';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordHashing } from './password-hashing.service';
import { PasswordStore } from './password-store';
import { assertAcceptablePassword } from './passwords';

/**
 * "Change password" on the account page (issue 32 §2): the current password is required and checked
 * as a sign-in is (the same throttle, so a stolen session cannot guess it faster than the sign-in
 * form allows); the change ends every other sign-in of the account and keeps the caller's.
 */
@Injectable()
export class PasswordChangeService {
  constructor(
    private readonly em: EntityManager,
    private readonly throttle: LoginThrottleService,
    private readonly passwords: PasswordHashing,
    private readonly store: PasswordStore,
  ) {}

  async change(
    userId: string,
    { currentPassword, password, confirmPassword }: ChangePasswordRequest,
    ip: string | undefined,
    /** The caller's refresh token (its cookie), whose sign-in stays. */
    keep: string | undefined,
  ): Promise<void> {
    if (confirmPassword !== password)
      throw new AppException(ErrorCode.PasswordsDoNotMatch, 'Passwords do not match');
    assertAcceptablePassword(password);
    const em = this.em.fork();
    const user = await em.findOne(User, { id: userId }, { fields: ['id', 'email', 'passwordHash'] });
    if (!user) throw unauthorized();
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
    const passwordHash = await this.passwords.hash(password);
    await em.transactional(async (tx) => {
      if (!(await this.store.replace(tx, { userId, email: user.email, passwordHash, keep })))
        throw unauthorized();
    });
    await this.store.announce(userId);
  }
}
