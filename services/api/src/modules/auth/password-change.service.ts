import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { User } from '@fxrates/db';
import { ErrorCode, type ChangePasswordRequest } from '@fxrates/domain';
import { AppException } from '../../common/errors';
import { unauthorized } from './access-tokens.service';
import { CurrentPasswordCheck } from './current-password';
import { PasswordHashing } from './password-hashing.service';
import { PasswordStore } from './password-store';
import { assertAcceptablePassword } from './passwords';

/**
 * "Change password" on the account page: the current password is required
 * (CurrentPasswordCheck: under the sign-in throttle); the change ends every other sign-in of the
 * account and keeps the caller's.
 */
@Injectable()
export class PasswordChangeService {
  constructor(
    private readonly em: EntityManager,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly passwords: PasswordHashing,
    private readonly store: PasswordStore,
  ) {}

  async change(
    userId: string,
    { currentPassword, password, confirmPassword }: ChangePasswordRequest,
    ip: string | undefined,
    /** The caller's refresh token (its cookie), whose sign-in stays. */
    keep: string | undefined,
    requestId?: string,
  ): Promise<void> {
    if (confirmPassword !== password)
      throw new AppException(ErrorCode.PasswordsDoNotMatch, 'Passwords do not match');
    assertAcceptablePassword(password);
    const em = this.em.fork();
    const user = await em.findOne(User, { id: userId }, { fields: ['id', 'email', 'passwordHash'] });
    if (!user) throw unauthorized();
    await this.currentPassword.assert(user, currentPassword, ip);
    const passwordHash = await this.passwords.hash(password);
    await em.transactional(async (tx) => {
      if (!(await this.store.replace(tx, { userId, email: user.email, passwordHash, keep })))
        throw unauthorized();
    });
    await this.store.announce(userId, requestId);
  }
}
