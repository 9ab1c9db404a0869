import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { EmailedLinksRepository, UsersRepository } from '@fxrates/db';
import { emailJobOptions, JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
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
  private readonly logger = new Logger(PasswordStore.name);

  constructor(
    private readonly refreshTokens: RefreshTokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.email) private readonly queue: QueueOf<'email'>,
  ) {}

  /** Replaces the password in `tx`; false (nothing changed) when the account no longer has `email`. */
  async replace(tx: EntityManager, change: PasswordReplacement): Promise<boolean> {
    const { userId, email, passwordHash, keep, verifiesEmail = false } = change;
    if (!(await new UsersRepository(tx).replacePasswordHash(userId, email, passwordHash, verifiesEmail))) {
      return false;
    }
    await new EmailedLinksRepository(tx).usePasswordResetsOf(userId);
    await this.refreshTokens.revokeAllOf(tx, userId, keep);
    return true;
  }

  /**
   * Once a change is committed: the account's address is told (a change its owner did not make is
   * how a stolen session or mailbox shows). A failure to queue is logged: the password changed anyway.
   * `requestId` (the request's X-Request-Id) goes with the job, for the worker's log lines.
   */
  async announce(userId: string, requestId?: string, changedAt = new Date()): Promise<void> {
    try {
      await this.queue.add(
        JOBS.sendPasswordChangedEmail,
        { userId, changedAt: changedAt.toISOString(), requestId },
        emailJobOptions(this.config.mail.retryDelayMs),
      );
    } catch (error) {
      this.logger.error(
        `Password of user ${userId} changed; its notice not queued: ${(error as Error).message}`,
      );
    }
  }
}
