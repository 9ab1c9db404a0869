import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis';

/**
 * Terminus indicator for the API's Redis connection: up when PING answers within `timeoutMs`.
 * (Terminus ships indicators for ORMs and HTTP, not for Redis.) The timeout bounds a PING that
 * Redis accepts but does not answer.
 */
@Injectable()
export class RedisHealthIndicator {
  constructor(
    private readonly indicator: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async pingCheck<const Key extends string>(
    key: Key,
    timeoutMs: number,
  ): Promise<HealthIndicatorResult<Key>> {
    const check = this.indicator.check(key);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timeout of ${timeoutMs}ms exceeded`)), timeoutMs);
    });
    try {
      await Promise.race([this.redis.ping(), timeout]);
      return check.up();
    } catch (error) {
      return check.down((error as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }
}
