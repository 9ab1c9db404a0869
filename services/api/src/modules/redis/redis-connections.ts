import { Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { connectRedis, SUBSCRIBER_OPTIONS } from './redis-connection';

/**
 * The process's Redis connections by name (the shared one, metering's, the pub/sub subscribers), so
 * readiness can require each of them. After an outage they reconnect one by one: an instance whose
 * subscriber is still reconnecting would miss a disabled key or a new rates table while its shared
 * connection already answers PING.
 */
@Injectable()
export class RedisConnections {
  private readonly connections = new Map<string, Redis>();

  /** Connects a lazily created connection (`connectRedis`) and keeps it for `notReady`. */
  async connect(redis: Redis, name: string): Promise<Redis> {
    await connectRedis(redis, name);
    this.connections.set(name, redis);
    return redis;
  }

  /** A pub/sub connection beside `redis` (SUBSCRIBER_OPTIONS: its owner subscribes on every 'ready'). */
  subscriber(redis: Redis, name: string): Promise<Redis> {
    return this.connect(redis.duplicate(SUBSCRIBER_OPTIONS), name);
  }

  /** Each connection that is not ready now, as `"name" (ioredis status)`; empty when all are. */
  notReady(): string[] {
    const waiting: string[] = [];
    for (const [name, redis] of this.connections) {
      if (redis.status !== 'ready') waiting.push(`"${name}" (${redis.status})`);
    }
    return waiting;
  }
}
