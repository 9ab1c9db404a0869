import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { RefreshTokensService } from './refresh-tokens.service';

export interface PasswordReplacement {
  userId: string;
  /** The address the change was proved with: nothing changes if the account has another one now. */
  email: string;
  passwordHash: string;
  /** A refresh token of the user whose sign-in stays (the caller's own); none: every sign-in ends. */
  keep?: string;
  /** The change was proved by a link mailed to `email`: the address is verified too. */
  verifiesEmail?: boolean;
}

/**
 * Where a password changes (a reset link, the account page): the new hash, every outstanding reset
 * link of the account marked used (a mail sent before the change must not undo it) and every other
 * sign-in ended, in one transaction.
 */
@Injectable()
export class PasswordStore {
  constructor(private readonly refreshTokens: RefreshTokensService) {}

  /** Replaces the password in `tx`; false (nothing changed) when the account no longer has `email`. */
  async replace(tx: EntityManager, change: PasswordReplacement): Promise<boolean> {
    const { userId, email, passwordHash, keep, verifiesEmail = false } = change;
    const context = tx.getTransactionContext();
    const connection = tx.getConnection();
    const updated = await connection.execute(
      `update users set password_hash = ?,
              email_verified_at = case when ? then coalesce(email_verified_at, now()) else email_verified_at end
        where id = ? and email = ? returning id`,
      [passwordHash, verifiesEmail, userId, email],
      'all',
      context,
    );
    if (updated.length === 0) return false;
    await connection.execute(
      'update password_resets set used_at = now() where user_id = ? and used_at is null',
      [userId],
      'run',
      context,
    );
    await this.refreshTokens.revokeAllOf(tx, userId, keep);
    return true;
  }
}
