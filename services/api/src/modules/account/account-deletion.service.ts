import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { User } from '@fxrates/db';
import { ErrorCode, type DeleteAccountRequest } from '@fxrates/domain';
import {
  accountDeletedJobId,
  emailJobOptions,
  JOBS,
  QUEUES,
  type SendAccountDeletedEmailJob,
} from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { AppException } from '../../common/errors';
import {
  CurrentPasswordCheck,
  PasswordHashing,
  TOTP_CODE_PATTERN,
  TwoFactorService,
  unauthorized,
} from '../auth';
import { SubscriptionCancellationService } from '../billing';
import { KeysService } from '../keys';

/** The address a deleted account keeps: unique (the column is), routable nowhere (RFC 2606 `.invalid`). */
export const deletedAddress = (userId: string) => `deleted-${userId}@deleted.invalid`;

interface Erased {
  email: string;
  verified: boolean;
  keyHashes: string[];
  deletedAt: Date;
}

/**
 * "Delete account". In order, each step safe to run again should a crash or a refusal
 * stop it: the password (as a sign-in checks it) and the second factor; every subscription PayPal
 * may still bill cancelled at PayPal (PayPal unreachable: 502, nothing erased); then, in one
 * transaction holding the user's row, every key disabled, every sign-in ended and every personal
 * datum erased, the row kept anonymous for the payments and subscriptions accounting keeps; once
 * committed, every API instance told to drop the keys, and the old address told. Two deletions at
 * once: the second waits for the row and finds the account gone (it erases and mails nothing).
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly passwords: PasswordHashing,
    private readonly twoFactor: TwoFactorService,
    private readonly subscriptions: SubscriptionCancellationService,
    private readonly keys: KeysService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.email) private readonly queue: Queue<SendAccountDeletedEmailJob>,
  ) {}

  /** `requestId` (the request's X-Request-Id) goes with the confirmation's job, for the worker's log lines. */
  async delete(
    userId: string,
    { password, code }: DeleteAccountRequest,
    ip: string | undefined,
    requestId?: string,
  ): Promise<void> {
    const em = this.em.fork();
    const user = await em.findOne(
      User,
      { id: userId, deletedAt: null },
      { fields: ['id', 'email', 'passwordHash'] },
    );
    if (!user) throw unauthorized();
    await this.currentPassword.assert(user, password, ip);
    await this.assertSecondFactor(userId, code, ip);
    const cancelled = await this.subscriptions.cancelAllOf(userId);
    // A hash of a secret nobody holds: the row keeps a valid hash no password matches.
    const unusable = await this.passwords.hash(randomBytes(32).toString('base64url'));
    const erased = await em.transactional((tx) => this.erase(tx, userId, cancelled, unusable));
    if (!erased) return;
    await this.keys.announceChanged(erased.keyHashes);
    await this.confirm(userId, erased, requestId);
    this.logger.log(`Account ${userId} deleted`);
  }

  /**
   * With two-factor sign-in on, a code is needed as well: the authenticator's (six digits) or a
   * recovery code, checked, spent and throttled as at sign-in.
   */
  private async assertSecondFactor(userId: string, code: string | undefined, ip: string | undefined) {
    if (!(await this.twoFactor.isEnabled(userId))) return;
    if (!code) {
      throw new AppException(
        ErrorCode.SecondFactorRequired,
        'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      );
    }
    await this.twoFactor.verifyForAction(
      userId,
      TOTP_CODE_PATTERN.test(code) ? { code } : { recoveryCode: code },
      ip,
    );
  }

  /** Everything personal of the account erased in `tx`; null when another deletion did it first. */
  private async erase(
    tx: EntityManager,
    userId: string,
    cancelledSubscriptions: string[],
    unusablePasswordHash: string,
  ): Promise<Erased | null> {
    const run = (sql: string, params: unknown[] = [userId]) =>
      tx.getConnection().execute<Record<string, unknown>[]>(sql, params, 'all', tx.getTransactionContext());
    const [user] = await run(
      `select email::text as email, email_verified_at is not null as verified
         from users where id = ? and deleted_at is null for update`,
    );
    if (!user) return null;
    const email = String(user.email);
    const keyHashes = await this.keys.disableAllIn(tx, userId);
    // Key names are the customer's words; the disabled keys stay (their usage ids point at them).
    await run(`update api_keys set name = 'Deleted account' where user_id = ?`);
    await run('delete from refresh_tokens where user_id = ?');
    // Browsers, networks and places of its sign-ins: personal, and ended with the account.
    await run('delete from account_sessions where user_id = ?');
    // Contact messages name no account: those sent from an address it proved, now or before a change.
    await run(
      `delete from contact_messages where lower(email) in (
         select lower(email::text) from users where id = ? and email_verified_at is not null
         union
         select lower(previous_email::text) from email_changes where user_id = ? and confirmed_at is not null)`,
      [userId, userId],
    );
    for (const table of [
      'email_changes',
      'password_resets',
      'email_verifications',
      'quota_alerts',
      'usage_daily',
      'user_two_factor',
      'two_factor_recovery_codes',
    ])
      await run(`delete from ${table} where user_id = ?`);
    // Kept for accounting (what was paid, for what, when, PayPal's ids); PayPal's id of the payer goes.
    await run('update payments set payer_id = null where user_id = ?');
    // Each was cancelled at PayPal just before; the worker re-reads them when PayPal's events come.
    for (const paypalId of cancelledSubscriptions) {
      await run(
        `update subscriptions set status = 'cancelled', pending_plan = null, pending_billing_cycle = null,
                pending_change_at = null
          where user_id = ? and paypal_subscription_id = ?`,
        [userId, paypalId],
      );
    }
    const deletedAt = new Date();
    await run(
      `update users set email = ?, first_name = '', last_name = '', company = null, display_name = '',
              password_hash = ?, email_verified_at = null, last_sign_in_at = null, chosen_plan = null,
              plan = 'free', deleted_at = ?
        where id = ?`,
      [deletedAddress(userId), unusablePasswordHash, deletedAt, userId],
    );
    return { email, verified: Boolean(user.verified), keyHashes, deletedAt };
  }

  /**
   * The address the account had is told it was deleted, when it was proved the owner's (an
   * unproved address gets no mail but its verification link). The job holds the address until
   * sent, and is removed then.
   */
  private async confirm(
    userId: string,
    { email, verified, deletedAt }: Erased,
    requestId: string | undefined,
  ): Promise<void> {
    if (!verified) return;
    try {
      await this.queue.add(
        JOBS.sendAccountDeletedEmail,
        { email, deletedAt: deletedAt.toISOString(), requestId },
        {
          ...emailJobOptions(this.config.mail.retryDelayMs),
          jobId: accountDeletedJobId(userId),
          removeOnComplete: true,
        },
      );
    } catch (error) {
      this.logger.error(
        `Account ${userId} deleted; its confirmation not queued: ${(error as Error).message}`,
      );
    }
  }
}
