import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { AppException } from '../../common/app-exception';
import { REDIS } from '../redis/redis.module';

/**
 * Counts failed sign-ins per account and per IP in Redis, so the limit holds across API instances.
 * Over the limit, sign-in is refused with 429 and Retry-After until the window ends.
 */
@Injectable()
export class LoginThrottleService {
  private readonly limit: number;
  private readonly windowSeconds: number;
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limit = config.auth.loginFailureLimit;
    this.windowSeconds = config.auth.loginFailureWindowSeconds;
    this.prefix = `${config.redis.keyPrefix}login-failures:`;
  }

  private keys(email: string, ip: string): string[] {
    const account = createHash('sha256').update(email).digest('hex');
    return [`${this.prefix}account:${account}`, `${this.prefix}ip:${ip}`];
  }

  /**
   * Counts this attempt before the password is checked, so concurrent attempts cannot slip past the
   * limit; refuses it with 429 when the account or the IP is over the limit.
   */
  async reserveAttempt(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    const multi = this.redis.multi();
    for (const key of keys) multi.incr(key).expire(key, this.windowSeconds, 'NX');
    const results = (await multi.exec()) ?? [];
    const counts = [Number(results[0]?.[1] ?? 0), Number(results[2]?.[1] ?? 0)];
    const blocked = keys.filter((_, i) => counts[i] > this.limit);
    if (blocked.length === 0) return;
    const ttls = await Promise.all(blocked.map((key) => this.redis.ttl(key)));
    const retryAfter = Math.max(1, ...ttls);
    const minutes = Math.ceil(retryAfter / 60);
    throw new AppException(
      ErrorCode.TooManyAttempts,
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }

  /** A successful sign-in was not a failure: clear the account's count and take it off the IP's. */
  async recordSuccess(email: string, ip: string): Promise<void> {
    const [account, address] = this.keys(email, ip);
    await this.redis.multi().del(account).decr(address).exec();
  }
}
