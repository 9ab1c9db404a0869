import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  APP_CONFIG,
  type AppConfig,
  clientAddressKey,
  clientNetworks,
  consumeOrWait,
  redisRateLimiter,
  type ClientNetwork,
} from '@fxrates/config';
import type { Redis } from 'ioredis';
import { Counter } from 'prom-client';
import type { RateLimiterRedis } from 'rate-limiter-flexible';

import { ApiMetrics } from '../../common/metrics';
import { Clock } from '../../common/time';
import { REDIS } from '../redis';
import { tooManyAttempts } from './too-many-attempts';

const HOUR_SECONDS = 3600;

/**
 * Sign-ups counted in Redis across instances, every one that gets as far as hashing its password (a
 * refused duplicate email too: each costs an argon2 hash):
 * - per IP (IPv4 address or IPv6 /64), `SIGNUP_LIMIT_PER_HOUR` an hour;
 * - per wider network, so that a holder of many addresses pays per mailbox, not per prefix: an IPv4 /24, an IPv6 /56 and an IPv6 /48, each with a limit of its own
 *   (`SIGNUP_LIMIT_PER_HOUR_IPV4_24`, `…_IPV6_56`, `…_IPV6_48`). A /48 holds 65 536 /64s: without
 *   them it could open 655 360 accounts an hour at 10 per /64;
 * - platform-wide, never refused: past `SIGNUP_WARN_PER_HOUR` in a clock hour each further sign-up
 *   counts in `fxrates_signups_over_warning_total`, and one instance logs one warning for the hour.
 *   A platform-wide refusal would let any flood lock every real visitor out of signing up.
 */
@Injectable()
export class SignupThrottleService {
  private readonly logger = new Logger(SignupThrottleService.name);
  private readonly perIp: RateLimiterRedis;
  private readonly perNetwork: Record<ClientNetwork['prefix'], RateLimiterRedis>;
  private readonly overWarning: Counter;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    metrics: ApiMetrics,
    private readonly clock: Clock,
  ) {
    const limiter = (name: string, points: number) =>
      redisRateLimiter(redis, config.redis.keyPrefix, name, points, HOUR_SECONDS);
    const byPrefix = config.auth.signupLimitPerHourByPrefix;
    this.perIp = limiter('signup-ip', config.auth.signupLimitPerHour);
    this.perNetwork = {
      'ipv4-24': limiter('signup-ipv4-24', byPrefix.ipv4_24),
      'ipv6-56': limiter('signup-ipv6-56', byPrefix.ipv6_56),
      'ipv6-48': limiter('signup-ipv6-48', byPrefix.ipv6_48),
    };
    this.overWarning = new Counter({
      name: 'fxrates_signups_over_warning_total',
      help: 'Sign-ups admitted past SIGNUP_WARN_PER_HOUR in their clock hour, across the platform (none is refused)',
      registers: [metrics.registry],
    });
  }

  /** Counts a sign-up, or refuses it with 429 `too-many-attempts` and Retry-After. */
  async reserve(ip: string | undefined): Promise<void> {
    const wait = await consumeOrWait(this.perIp, clientAddressKey(ip));
    if (wait > 0) throw tooManyAttempts('Too many sign-ups from your network.', wait);
    for (const network of clientNetworks(ip)) {
      const networkWait = await consumeOrWait(this.perNetwork[network.prefix], network.key);
      if (networkWait > 0) throw tooManyAttempts('Too many sign-ups from your network.', networkWait);
    }
    await this.countPlatformWide();
  }

  /** Gives back a sign-up that never reached its hashing (the server was too busy). */
  async release(ip: string | undefined): Promise<void> {
    await this.perIp.reward(clientAddressKey(ip));
    for (const network of clientNetworks(ip)) await this.perNetwork[network.prefix].reward(network.key);
  }

  private async countPlatformWide(): Promise<void> {
    const hour = Math.floor(this.clock.now() / (HOUR_SECONDS * 1000));
    const key = `${this.config.redis.keyPrefix}signups:hour:${hour}`;
    const [[, count]] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, 2 * HOUR_SECONDS)
      .exec()) as [[Error | null, number], [Error | null, number]];
    const ceiling = this.config.auth.signupWarnPerHour;
    if (count <= ceiling) return;
    this.overWarning.inc();
    const warned = await this.redis.set(`${key}:warned`, '1', 'EX', 2 * HOUR_SECONDS, 'NX');
    if (warned === 'OK') {
      this.logger.warn(
        `Sign-ups passed SIGNUP_WARN_PER_HOUR (${ceiling}) this hour across the platform: a sign-up flood? ` +
          'Each further one counts in fxrates_signups_over_warning_total; none is refused.',
      );
    }
  }
}
