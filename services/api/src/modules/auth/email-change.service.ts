import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, consumeOrWait, redisRateLimiter, type AppConfig } from '@fxrates/config';
import {
  EmailChange,
  EmailedLinksRepository,
  emailChangeIdOf,
  emailChangeLink,
  emailChangeToken,
  isEmailChangeToken,
  User,
  UsersRepository,
} from '@fxrates/db';
import {
  EMAIL_CHANGE_TTL_MS,
  ErrorCode,
  type ChangeEmailRequest,
  type EmailChangeStatus,
} from '@fxrates/domain';
import { emailChangeJobId, emailJobOptions, JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppException } from '../../common/errors';
import { REDIS } from '../redis';
import { unauthorized } from './access-tokens.service';
import { CurrentPasswordCheck } from './current-password';
import { claimEmailedLink } from './emailed-links';
import { RefreshTokensService } from './refresh-tokens.service';
import { tooManyAttempts } from './too-many-attempts';

const invalidLink = () =>
  new AppException(
    ErrorCode.EmailChangeLinkInvalid,
    'This email-change link is not valid for your account. Sign in to the account whose address you are changing, or ask for a new link from your account page.',
  );
const usedLink = () =>
  new AppException(
    ErrorCode.EmailChangeLinkUsed,
    'This email-change link was already used, or a later change replaced it. Your account page shows your address; ask for a new link there if it is not the one you want.',
  );

/** A Postgres unique violation (23505), however the driver hands it over. */
function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof UniqueConstraintViolationException ||
    (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505')
  );
}

/**
 * "Change email", as GitHub and Stripe do it: the new address is used only once its
 * owner opens the link mailed to it, and the old one is told.
 *
 * - Asking takes the current password (CurrentPasswordCheck: the sign-in throttle), then counts
 *   against `EMAIL_CHANGE_PER_HOUR` per user, stores the change (ending any earlier one waiting) and
 *   queues the mail. It answers 202 whether or not another account has the address: the worker
 *   mails such an address "this address already has an account" instead of a link, so the answer
 *   tells nobody which addresses have accounts.
 * - Confirming needs the link's token and a sign-in as the account it was made for: a stranger whose
 *   mailbox a mistyped address reaches cannot move the account to it (and then reset its password).
 *   One transaction uses the link once, moves the account to the new address (verified: the link
 *   proved it), ends every other change waiting and every sign-in of the account, the caller's
 *   included (its refresh cookie is scoped to /api/auth and never reaches this route). A unique
 *   violation (the address taken meanwhile) is 409 `email-already-in-use`, and nothing changes.
 *   Once committed, the old address is told.
 */
@Injectable()
export class EmailChangeService {
  private readonly logger = new Logger(EmailChangeService.name);
  private readonly perUser: RateLimiterRedis;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) redis: Redis,
    @InjectQueue(QUEUES.email) private readonly queue: QueueOf<'email'>,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly refreshTokens: RefreshTokensService,
  ) {
    this.perUser = redisRateLimiter(
      redis,
      config.redis.keyPrefix,
      'email-change',
      config.auth.emailChangePerHour,
      3600,
    );
  }

  /** The account's address and the change waiting for its link, if any. */
  async status(userId: string): Promise<EmailChangeStatus> {
    const em = this.em.fork();
    const user = await em.findOne(User, { id: userId }, { fields: ['id', 'email'] });
    if (!user) throw unauthorized();
    const pending = await em.findOne(
      EmailChange,
      { userId, previousEmail: user.email, usedAt: null, expiresAt: { $gt: new Date() } },
      { orderBy: { createdAt: 'desc' } },
    );
    return statusOf(user.email, pending);
  }

  /**
   * Stores a change to `newEmail` and mails its link there (or, if taken, a notice without one);
   * `requestId` (the request's X-Request-Id) goes with the job, for the worker's log lines.
   */
  async request(
    userId: string,
    { newEmail, currentPassword }: ChangeEmailRequest,
    ip: string | undefined,
    requestId?: string,
  ): Promise<EmailChangeStatus> {
    const em = this.em.fork();
    const user = await em.findOne(User, { id: userId }, { fields: ['id', 'email', 'passwordHash'] });
    if (!user) throw unauthorized();
    if (newEmail.toLowerCase() === user.email.toLowerCase()) {
      throw new AppException(ErrorCode.EmailUnchanged, 'This is already your email address.');
    }
    await this.currentPassword.assert(user, currentPassword, ip);
    const wait = await consumeOrWait(this.perUser, userId);
    if (wait > 0) throw tooManyAttempts('You asked to change your email address several times.', wait);
    const now = new Date();
    const change = await em.transactional(async (tx) => {
      // One change waits at a time: the newest request is the one the account page shows.
      await tx.nativeUpdate(EmailChange, { userId, usedAt: null }, { usedAt: now });
      return tx.create(EmailChange, {
        userId,
        email: newEmail,
        previousEmail: user.email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
      });
    });
    if (this.config.nodeEnv === 'development') {
      const token = emailChangeToken(this.config.auth.jwtSecret, change);
      this.logger.log(
        `Email-change link for user ${userId} (development only): ${emailChangeLink(this.config.mail.webUrl, token)}`,
      );
    }
    await this.queueMail(JOBS.sendEmailChangeLink, 'link', change.id, requestId);
    return statusOf(user.email, change);
  }

  /** Moves the signed-in account to the address a link of its own was mailed to. */
  async confirm(userId: string, token: string, requestId?: string): Promise<EmailChangeStatus> {
    const id = emailChangeIdOf(token);
    if (!id) throw invalidLink();
    const em = this.em.fork();
    const change = await em.findOne(EmailChange, { id });
    if (
      !change ||
      !isEmailChangeToken(this.config.auth.jwtSecret, token, change) ||
      change.userId !== userId
    ) {
      throw invalidLink();
    }
    if (change.usedAt) throw usedLink();
    if (change.expiresAt.getTime() <= Date.now()) {
      throw new AppException(
        ErrorCode.EmailChangeLinkExpired,
        'This email-change link has expired: links work for an hour. Your address has not changed; ask for a new link from your account page.',
      );
    }
    try {
      await em.transactional(async (tx) => {
        // Single use, even when the link is sent twice at once: only one update finds it unused.
        if (!(await claimEmailedLink(tx, 'email_changes', change.id))) throw usedLink();
        // The address it replaces must still be the account's (any change since ended this one).
        if (!(await new UsersRepository(tx).moveEmail(userId, change.previousEmail, change.email))) {
          throw usedLink();
        }
        const links = new EmailedLinksRepository(tx);
        await links.confirmEmailChange(change.id);
        // Every other change of the account waiting for its link ends: this one was made.
        await links.endPendingEmailChangesOf(userId);
        await this.refreshTokens.revokeAllOf(tx, userId);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new AppException(
        ErrorCode.EmailAlreadyInUse,
        'Another account has this email address now, so yours has not changed. Choose another address on your account page.',
      );
    }
    await this.queueMail(JOBS.sendEmailChangedNotice, 'notice', change.id, requestId);
    return statusOf(change.email, null);
  }

  /**
   * Hands a mail to the worker. A failure is logged, not thrown: what it is about is stored either
   * way (the link can be asked for again; the change is made).
   */
  private async queueMail(
    job: typeof JOBS.sendEmailChangeLink | typeof JOBS.sendEmailChangedNotice,
    kind: 'link' | 'notice',
    emailChangeId: string,
    requestId: string | undefined,
  ): Promise<void> {
    try {
      await this.queue.add(
        job,
        { emailChangeId, requestId },
        { ...emailJobOptions(this.config.mail.retryDelayMs), jobId: emailChangeJobId(kind, emailChangeId) },
      );
    } catch (error) {
      this.logger.error(`Email change ${emailChangeId}: ${kind} not queued: ${(error as Error).message}`);
    }
  }
}

function statusOf(email: string, pending: EmailChange | null): EmailChangeStatus {
  return {
    email,
    pendingEmail: pending?.email ?? null,
    pendingExpiresAt: pending?.expiresAt.toISOString() ?? null,
  };
}
