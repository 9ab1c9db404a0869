import type { RedisOptions } from 'bullmq';

/** ioredis options for BullMQ from a redis:// URL. BullMQ workers need maxRetriesPerRequest null. */
export function bullConnection(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  const db = url.pathname.replace(/^\//, '');
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 6379,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: db ? Number(db) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}
