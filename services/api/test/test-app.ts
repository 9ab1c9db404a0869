import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@fxrates/config';
import { Redis } from 'ioredis';
import { createApp } from '../src/app.factory';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  /** A Redis client on the test DB for arranging and inspecting state. */
  redis: Redis;
  close(): Promise<void>;
}

/** Boots the real API (Fastify, PostgreSQL, Redis) for supertest, and cleans its Redis keys after. */
export async function startTestApp(
  config: AppConfig,
  options: Parameters<typeof createApp>[1] = {},
): Promise<TestApp> {
  const redis = new Redis(config.redis.url);
  const app = await createApp(config, options);
  return {
    app,
    config,
    redis,
    async close() {
      await app.close();
      const keys = await redis.keys(`${config.redis.keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
