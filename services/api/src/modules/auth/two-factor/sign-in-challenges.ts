import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import { AppException } from '../../../common/errors';
import { REDIS } from '../../redis';
import { hashSessionToken, newSessionToken, SESSION_TOKEN_PATTERN } from '../session-token';

/** How long the code step of a sign-in may take once the password was right. */
export const CHALLENGE_TTL_SECONDS = 300;

const invalid = () =>
  new AppException(
    ErrorCode.TwoFactorChallengeInvalid,
    'This sign-in has expired or was already completed. Sign in again with your password.',
  );

/**
 * The half-done sign-ins of accounts with two-factor authentication: a right password yields a
 * challenge, and only the challenge with a right code yields tokens. A challenge is 256 random bits
 * kept in Redis (as SHA-256, with the user id, for 5 minutes), so it cannot be forged, names one
 * account, and ends when it is completed: a second completion is refused whatever its code.
 */
@Injectable()
export class SignInChallenges {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redis.keyPrefix}two-factor-challenge:`;
  }

  async issue(userId: string): Promise<string> {
    const challenge = newSessionToken();
    await this.redis.set(this.key(challenge), userId, 'EX', CHALLENGE_TTL_SECONDS);
    return challenge;
  }

  /** The user a live challenge is for; 401 `two-factor-challenge-invalid` for anything else. */
  async userOf(challenge: string): Promise<string> {
    if (!SESSION_TOKEN_PATTERN.test(challenge)) throw invalid();
    const userId = await this.redis.get(this.key(challenge));
    if (!userId) throw invalid();
    return userId;
  }

  /** Ends the challenge; refused when another request completed it first. */
  async complete(challenge: string): Promise<void> {
    if ((await this.redis.del(this.key(challenge))) !== 1) throw invalid();
  }

  private key(challenge: string): string {
    return `${this.prefix}${hashSessionToken(challenge)}`;
  }
}
