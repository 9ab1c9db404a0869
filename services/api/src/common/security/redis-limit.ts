import { consumeOrWait } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppException } from '../errors';

/** "42 seconds", "1 minute", "13 minutes": how long a refused caller waits, rounded up. */
export function waitPhrase(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds <= 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** 429 `rate-limited` with Retry-After (seconds) and a message saying how long to wait. */
export function rateLimited(message: (wait: string) => string, waitMs: number): AppException {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppException(ErrorCode.RateLimited, message(waitPhrase(waitMs)), undefined, {
    'Retry-After': String(seconds),
  });
}

/**
 * A limit counted in Redis (redisRateLimiter) per key: a user, an IP or an email address. `admit`
 * resolves once the call is counted within the limit, or rejects with 429 `rate-limited`, whose
 * message (`refusal`, given the wait as words) says how long to wait.
 */
export class RedisLimit {
  constructor(
    private readonly limiter: RateLimiterRedis,
    private readonly refusal: (wait: string) => string,
  ) {}

  async admit(key: string): Promise<void> {
    const waitMs = await consumeOrWait(this.limiter, key);
    if (waitMs > 0) throw rateLimited(this.refusal, waitMs);
  }
}
