import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * A fixed-window counter in Redis (rate-limiter-flexible), so a limit holds across instances (the
 * API's and the worker's):
 * `points` per `durationSeconds` per key, under `<REDIS_KEY_PREFIX>limit:<name>:<key>`. Once a key is
 * over its limit, this instance refuses it from memory until the window ends, without asking Redis.
 *
 * Should Redis fail, the count fails with Redis's error (the API answers 503) unless `whileRedisIsAway`
 * is `'count-in-memory'`: then the same limit is kept per instance in memory. That multiplies the
 * limit by the number of instances, so the limits that protect accounts and the API's cost fail closed.
 */
export function redisRateLimiter(
  redis: Redis,
  redisKeyPrefix: string,
  name: string,
  points: number,
  durationSeconds: number,
  whileRedisIsAway: 'fail' | 'count-in-memory' = 'fail',
): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${redisKeyPrefix}limit:${name}`,
    points,
    duration: durationSeconds,
    inMemoryBlockOnConsumed: points + 1,
    insuranceLimiter:
      whileRedisIsAway === 'count-in-memory'
        ? new RateLimiterMemory({ points, duration: durationSeconds })
        : undefined,
  });
}

/**
 * Consumes one point: resolves to 0 when admitted, or to the milliseconds until the key's window ends
 * when refused. Errors other than a refusal are passed on.
 */
export function consumeOrWait(limiter: RateLimiterRedis, key: string): Promise<number> {
  return limiter.consume(key).then(
    () => 0,
    (refusal: unknown) => {
      if (refusal instanceof RateLimiterRes) return Math.max(1, refusal.msBeforeNext);
      throw refusal;
    },
  );
}
