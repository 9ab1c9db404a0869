import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { AccountDataRepository, User } from '@fxrates/db';
import { ErrorCode, type DeleteAccountRequest } from '@fxrates/domain';
import { accountDeletedJobId, emailJobOptions, JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
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
    @InjectQueue(QUEUES.email) private readonly queue: QueueOf<'email'>,
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
    const account = new AccountDataRepository(tx);
    const user = await account.lockForErasure(userId);
    if (!user) return null;
    const keyHashes = await this.keys.disableAllIn(tx, userId);
    const deletedAt = new Date();
    await account.erase(userId, {
      cancelledSubscriptions,
      deletedAddress: deletedAddress(userId),
      unusablePasswordHash,
      deletedAt,
    });
    return { ...user, keyHashes, deletedAt };
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
