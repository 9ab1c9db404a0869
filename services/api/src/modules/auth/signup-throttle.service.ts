import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  type AppConfig,
  clientAddressKey,
  consumeOrWait,
  redisRateLimiter,
} from '@fxrates/config';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';

import { REDIS } from '../redis';
import { tooManyAttempts } from './too-many-attempts';

/**
 * Sign-ups per IP (IPv4 address or IPv6 /64), `SIGNUP_LIMIT_PER_HOUR` an hour, counted in Redis
 * across instances. Every sign-up that gets as far as hashing its password counts, a refused
 * duplicate email too: each costs an argon2 hash.
 */
@Injectable()
export class SignupThrottleService {
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = redisRateLimiter(
      redis,
      config.redis.keyPrefix,
      'signup-ip',
      config.auth.signupLimitPerHour,
      3600,
    );
  }

  /** Counts a sign-up, or refuses it with 429 `too-many-attempts` and Retry-After. */
  async reserve(ip: string | undefined): Promise<void> {
    const wait = await consumeOrWait(this.perIp, clientAddressKey(ip));
    if (wait > 0) throw tooManyAttempts('Too many sign-ups from your network.', wait);
  }

  /** Gives back a sign-up that never reached its hashing (the server was too busy). */
  async release(ip: string | undefined): Promise<void> {
    await this.perIp.reward(clientAddressKey(ip));
  }
}
