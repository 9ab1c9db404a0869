import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, clientAddressKey, redisRateLimiter, type AppConfig } from '@fxrates/config';
import type { Redis } from 'ioredis';
import type { Socket } from 'node:net';
import { clientIp, type DirectRequest } from '../../common/http';
import { RedisLimit } from '../../common/security';
import { REDIS } from '../redis';

/**
 * The status routes' per-IP limit (STATUS_IP_PER_MINUTE), counted in Redis across instances like the
 * converter's. They must answer while Redis is away (to say so), so the count then goes on in each
 * instance's memory rather than refusing everyone.
 */
@Injectable()
export class StatusLimits {
  private readonly perIp: RedisLimit;
  private readonly trustProxy: boolean;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = new RedisLimit(
      redisRateLimiter(
        redis,
        config.redis.keyPrefix,
        'status-ip',
        config.status.ipLimitPerMinute,
        60,
        'count-in-memory',
      ),
      (wait) => `Too many status requests in a short time. Wait ${wait}, then try again.`,
    );
    this.trustProxy = config.api.trustProxy;
  }

  /** Resolves once the call is admitted; rejects with 429 `rate-limited` and Retry-After otherwise. */
  async admit(request: DirectRequest): Promise<void> {
    const peer = (request.connection as Partial<Socket>).remoteAddress;
    await this.perIp.admit(clientAddressKey(clientIp(request.headers, peer, this.trustProxy)));
  }
}
