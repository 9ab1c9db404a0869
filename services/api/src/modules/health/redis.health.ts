import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { REDIS, RedisConnections } from '../redis';

/**
 * Terminus indicator for the API's Redis: up when every connection of the process is ready (the
 * subscribers too: one still reconnecting after an outage would miss announcements) and PING answers
 * within `timeoutMs`. (Terminus ships indicators for ORMs and HTTP, not for Redis.) The timeout
 * bounds a PING that Redis accepts but does not answer.
 */
@Injectable()
export class RedisHealthIndicator {
  constructor(
    private readonly indicator: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly connections: RedisConnections,
  ) {}

  async pingCheck<const Key extends string>(
    key: Key,
    timeoutMs: number,
  ): Promise<HealthIndicatorResult<Key>> {
    const check = this.indicator.check(key);
    const notReady = this.connections.notReady();
    if (notReady.length > 0) return check.down(`Redis connections not ready: ${notReady.join(', ')}`);
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
