import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, consumeOrWait, redisRateLimiter, type AppConfig } from '@fxrates/config';
import {
  EmailVerification,
  emailVerificationIdOf,
  emailVerificationLink,
  emailVerificationToken,
  isEmailVerificationToken,
  User,
  UsersRepository,
} from '@fxrates/db';
import { ErrorCode, type CurrentUser } from '@fxrates/domain';
import { emailJobOptions, JOBS, QUEUES, verificationEmailJobId, type QueueOf } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppException } from '../../common/errors';
import { claimEmailedLink } from './emailed-links';
import { REDIS } from '../redis';
import { unauthorized } from './access-tokens.service';
import { tooManyAttempts } from './too-many-attempts';
import { toCurrentUser } from './users';

const invalidLink = () =>
  new AppException(
    ErrorCode.VerificationLinkInvalid,
    'This verification link is not valid for your account. Send a new one from your dashboard.',
  );

/**
 * Proves a user owns their address: sign-up sends a link, the dashboard can send
 * another (throttled per user), and opening it while signed in as its account verifies the address.
 *
 * A link is signed (email-verification-token.ts), single use, and valid for
 * `EMAIL_VERIFICATION_TTL_HOURS`. A resend does not revoke earlier links: the user may open whichever
 * mail arrives first, each until it expires, and the first one used verifies the address; that link
 * opened again answers `verification-link-used`, any other of the address `email-already-verified`. Verifying asks for the account's sign-in too, so a mail
 * scanner that opens links, or someone who signed up with another's address, verifies nothing.
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger(EmailVerificationService.name);
  private readonly resends: RateLimiterRedis;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) redis: Redis,
    @InjectQueue(QUEUES.email) private readonly queue: QueueOf<'email'>,
  ) {
    this.resends = redisRateLimiter(
      redis,
      config.redis.keyPrefix,
      'verify-email-resend',
      config.auth.emailVerificationResendPerHour,
      3600,
    );
  }

  /** A new link for the user's address, created in `em`'s unit of work (flushed by the caller). */
  newLink(em: EntityManager, user: Pick<User, 'id' | 'email'>): EmailVerification {
    return em.create(EmailVerification, {
      userId: user.id,
      email: user.email,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + this.config.auth.emailVerificationTtlMs),
    });
  }

  /**
   * Hands a stored link to the worker's email queue. A failure is logged, not thrown: the account
   * exists either way, and the dashboard offers to send the link again. In development the link is
   * also logged, so a local sign-up needs no mail server.
   */
  async send(link: EmailVerification, requestId?: string): Promise<void> {
    if (this.config.nodeEnv === 'development') {
      const token = emailVerificationToken(this.config.auth.jwtSecret, link.id, link.email);
      this.logger.log(
        `Verification link for user ${link.userId} (development only): ${emailVerificationLink(this.config.mail.webUrl, token)}`,
      );
    }
    try {
      await this.queue.add(
        JOBS.sendVerificationEmail,
        { verificationId: link.id, requestId },
        { ...emailJobOptions(this.config.mail.retryDelayMs), jobId: verificationEmailJobId(link.id) },
      );
    } catch (error) {
      this.logger.error(`Verification link ${link.id} stored but not queued: ${(error as Error).message}`);
    }
  }

  /** Sends the signed-in user a new link: 409 once verified, 429 past the hourly resends. */
  async resend(userId: string, requestId?: string): Promise<void> {
    const em = this.em.fork();
    const user = await em.findOne(User, { id: userId }, { fields: ['id', 'email', 'emailVerifiedAt'] });
    if (!user) throw unauthorized();
    if (user.emailVerifiedAt) throw alreadyVerified();
    const wait = await consumeOrWait(this.resends, userId);
    if (wait > 0) throw tooManyAttempts('You asked for the verification email several times.', wait);
    const link = this.newLink(em, user);
    await em.flush();
    await this.send(link, requestId);
  }

  /** Verifies the signed-in user's address with the token of a link sent to it. */
  async verify(userId: string, token: string): Promise<CurrentUser> {
    const id = emailVerificationIdOf(token);
    if (!id) throw invalidLink();
    const em = this.em.fork();
    const link = await em.findOne(EmailVerification, { id });
    if (
      !link ||
      !isEmailVerificationToken(this.config.auth.jwtSecret, token, link.id, link.email) ||
      link.userId !== userId
    ) {
      throw invalidLink();
    }
    if (link.usedAt) {
      throw new AppException(
        ErrorCode.VerificationLinkUsed,
        'This verification link was already used. Your email address is verified.',
      );
    }
    if (link.expiresAt.getTime() <= Date.now()) {
      throw new AppException(
        ErrorCode.VerificationLinkExpired,
        'This verification link has expired. Send a new one from your dashboard.',
      );
    }
    const owner = await em.findOne(User, { id: userId }, { fields: ['id', 'emailVerifiedAt'] });
    if (!owner) throw unauthorized();
    // Another link of this address was opened first: this one has nothing left to prove.
    if (owner.emailVerifiedAt) throw alreadyVerified();
    return em.transactional(async (tx) => {
      // Single use, even when the link is opened twice at once: only one update finds it unused.
      if (!(await claimEmailedLink(tx, 'email_verifications', link.id))) {
        throw new AppException(
          ErrorCode.VerificationLinkUsed,
          'This verification link was already used. Your email address is verified.',
        );
      }
      // The address the link went to must still be the account's.
      const user = await new UsersRepository(tx).verifyEmail(userId, link.email);
      if (!user) throw invalidLink();
      return toCurrentUser({ ...user, emailVerifiedAt: new Date() });
    });
  }

  /** Throws 403 `email-not-verified` unless the user's address is verified. */
  async assertVerified(userId: string): Promise<void> {
    const verified = await new UsersRepository(this.em).isEmailVerified(userId);
    if (verified === undefined) throw unauthorized();
    if (!verified) {
      throw new AppException(
        ErrorCode.EmailNotVerified,
        'Verify your email address first: open the link we emailed you, or send a new one from your dashboard.',
      );
    }
  }
}

export function alreadyVerified(): AppException {
  return new AppException(ErrorCode.EmailAlreadyVerified, 'Your email address is already verified.');
}
