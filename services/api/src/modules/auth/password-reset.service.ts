import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  clientAddressKey,
  consumeOrWait,
  redisRateLimiter,
  type AppConfig,
} from '@fxrates/config';
import { isPasswordResetToken, PasswordReset, passwordResetIdOf } from '@fxrates/db';
import { ErrorCode, type PasswordResetConfirmRequest } from '@fxrates/domain';
import { emailJobOptions, JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppException } from '../../common/errors';
import { claimEmailedLink } from './emailed-links';
import { REDIS } from '../redis';
import { PasswordHashing } from './password-hashing.service';
import { PasswordStore } from './password-store';
import { assertAcceptablePassword } from './passwords';
import { tooManyAttempts } from './too-many-attempts';

const invalidLink = () =>
  new AppException(
    ErrorCode.ResetLinkInvalid,
    'This password-reset link is not valid. Ask for a new one from "Forgot password?".',
  );
const usedLink = () =>
  new AppException(
    ErrorCode.ResetLinkUsed,
    'This password-reset link was already used. Sign in with your new password, or ask for a new link from "Forgot password?".',
  );

/**
 * "Forgot password?". Asking for a link answers the same for every well-formed
 * address, in the same time: the API counts the request (per client address, then per email) and
 * hands the address to the worker, which looks the account up, stores a link and mails it — or does
 * nothing when there is no account. A link is signed (password-reset-token.ts), single use and valid
 * for an hour; setting a new password with it marks every outstanding link of the account used and
 * revokes every sign-in (refresh token) of the account.
 */
@Injectable()
export class PasswordResetService {
  private readonly perAddress: RateLimiterRedis;
  private readonly perClient: RateLimiterRedis;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) redis: Redis,
    @InjectQueue(QUEUES.email) private readonly queue: QueueOf<'email'>,
    private readonly passwords: PasswordHashing,
    private readonly store: PasswordStore,
  ) {
    const { keyPrefix } = config.redis;
    this.perClient = redisRateLimiter(
      redis,
      keyPrefix,
      'password-reset-ip',
      config.auth.passwordResetIpPerHour,
      3600,
    );
    this.perAddress = redisRateLimiter(
      redis,
      keyPrefix,
      'password-reset',
      config.auth.passwordResetPerHour,
      3600,
    );
  }

  /**
   * Emails a reset link to `email` if an account has it; the same answer (and work) either way.
   * `requestId` (the request's X-Request-Id) goes with the job, for the worker's log lines.
   */
  async request(email: string, ip: string | undefined, requestId?: string): Promise<void> {
    const what = 'You asked for several password-reset emails.';
    const clientWait = await consumeOrWait(this.perClient, clientAddressKey(ip));
    if (clientWait > 0) throw tooManyAttempts(what, clientWait);
    const addressWait = await consumeOrWait(this.perAddress, email);
    if (addressWait > 0) throw tooManyAttempts(what, addressWait);
    await this.queue.add(
      JOBS.sendPasswordResetEmail,
      { email, requestId },
      emailJobOptions(this.config.mail.retryDelayMs),
    );
  }

  /** Sets a new password with a link's token; every outstanding link and sign-in of the account ends. */
  async confirm(
    { token, password, confirmPassword }: PasswordResetConfirmRequest,
    requestId?: string,
  ): Promise<void> {
    if (confirmPassword !== password)
      throw new AppException(ErrorCode.PasswordsDoNotMatch, 'Passwords do not match');
    assertAcceptablePassword(password);
    const id = passwordResetIdOf(token);
    if (!id) throw invalidLink();
    const em = this.em.fork();
    const link = await em.findOne(PasswordReset, { id });
    // Checked before anything is hashed: only the holder of a genuine link makes us run argon2.
    if (!link || !isPasswordResetToken(this.config.auth.jwtSecret, token, link.id, link.email))
      throw invalidLink();
    if (link.usedAt) throw usedLink();
    if (link.expiresAt.getTime() <= Date.now()) {
      throw new AppException(
        ErrorCode.ResetLinkExpired,
        'This password-reset link has expired: links work for an hour. Ask for a new one from "Forgot password?".',
      );
    }
    const passwordHash = await this.passwords.hash(password);
    await em.transactional(async (tx) => {
      // Single use, even when the link is sent twice at once: only one update finds it unused.
      if (!(await claimEmailedLink(tx, 'password_resets', link.id))) throw usedLink();
      // The address the link went to must still be the account's; opening the mailed link proves it.
      const replaced = await this.store.replace(tx, {
        userId: link.userId,
        email: link.email,
        passwordHash,
        verifiesEmail: true,
      });
      if (!replaced) throw invalidLink();
    });
    await this.store.announce(link.userId, requestId);
  }
}
