import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  clientAddressKey,
  consumeOrWait,
  redisRateLimiter,
  type AppConfig,
} from '@fxrates/config';
import { ErrorCode } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import type { Socket } from 'node:net';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppException } from '../../common/app-exception';
import { clientIp } from '../../common/client-address';
import type { DirectRequest } from '../../common/direct-routes';
import { REDIS } from '../redis';

/**
 * The status routes' per-IP limit (STATUS_IP_PER_MINUTE), counted in Redis across instances like the
 * converter's. They must answer while Redis is away (to say so), so the count then goes on in each
 * instance's memory rather than refusing everyone.
 */
@Injectable()
export class StatusLimits {
  private readonly perIp: RateLimiterRedis;
  private readonly trustProxy: boolean;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = redisRateLimiter(
      redis,
      config.redis.keyPrefix,
      'status-ip',
      config.status.ipLimitPerMinute,
      60,
      'count-in-memory',
    );
    this.trustProxy = config.api.trustProxy;
  }

  /** Resolves once the call is admitted; rejects with 429 `rate-limited` and Retry-After otherwise. */
  async admit(request: DirectRequest): Promise<void> {
    const peer = (request.connection as Partial<Socket>).remoteAddress;
    const address = clientAddressKey(clientIp(request.headers, peer, this.trustProxy));
    const waitMs = await consumeOrWait(this.perIp, address);
    if (waitMs === 0) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppException(
      ErrorCode.RateLimited,
      `Too many status requests in a short time. Wait ${seconds} second${seconds === 1 ? '' : 's'}, then try again.`,
      undefined,
      { 'Retry-After': String(seconds) },
    );
  }
}
