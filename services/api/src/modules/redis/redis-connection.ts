import { Logger } from '@nestjs/common';
import type { Redis, RedisOptions } from 'ioredis';

/**
 * Options of every API connection to Redis: a request fails at once while Redis is unreachable, and
 * the client answers 503 (common/resilience/store-outage.ts), rather than waiting in ioredis's offline queue for
 * a Redis that may not come back soon.
 * - `enableOfflineQueue: false`: a command sent while disconnected is refused at once.
 * - `maxRetriesPerRequest: 0`: a command in flight when the connection drops is refused, never sent
 *   again after the reconnect: the metering and limiter scripts are not idempotent, and one that ran
 *   before the drop would count twice.
 * - `commandTimeout`: a Redis that accepts connections but does not answer (stopped, swapping) holds
 *   no request longer than this.
 * - `lazyConnect`: the owner awaits `connect()` (see `connectRedis`), so nothing is sent before the
 *   connection is ready, which the offline queue no longer waits for.
 * ioredis keeps reconnecting in the background (its default retry strategy, at most 2 s apart).
 */
export const FAIL_FAST_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 1_000,
  lazyConnect: true,
} satisfies RedisOptions;

/**
 * Options of a pub/sub connection (a `duplicate()` of the shared one). Its owner subscribes again
 * on every 'ready' and handles a refusal; ioredis's own resubscription is off because it does not
 * handle one: when the connection drops again during the reconnect handshake, its SUBSCRIBE is
 * refused ("Stream isn't writeable", the offline queue being off) as an unhandled rejection.
 */
export const SUBSCRIBER_OPTIONS = { autoResubscribe: false } satisfies RedisOptions;

const logger = new Logger('RedisConnection');

/**
 * Logs a connection's outage as one warning and its recovery as one line, instead of ioredis's
 * unhandled `error` event with a stack at every reconnect attempt.
 */
export function watchConnection(redis: Redis, name: string): Redis {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(`Redis connection "${name}" lost; reconnecting in the background: ${error.message}`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger.log(`Redis connection "${name}" is back`);
  });
  return redis;
}

/** Connects a lazily created connection (FAIL_FAST_OPTIONS) and resolves once it is ready. */
export async function connectRedis(redis: Redis, name: string): Promise<Redis> {
  watchConnection(redis, name);
  // ioredis rejects connect() with "Connection is closed."; the cause is in the error event before it.
  let cause: Error | undefined;
  const remember = (error: Error) => (cause = error);
  redis.on('error', remember);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot reach Redis (connection "${name}"): ${(cause ?? (error as Error)).message}`);
  } finally {
    redis.off('error', remember);
  }
  return redis;
}
