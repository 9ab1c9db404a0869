import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { Redis } from 'ioredis';
import { QueueConnectionLog } from './queue-connection-log';
import { connectRedis, FAIL_FAST_OPTIONS } from './redis-connection';

export const REDIS = Symbol('REDIS');

/**
 * One shared command connection per process, ready before any module uses it. Pub/sub users and the
 * metering duplicate it (same options) and connect their copy with `connectRedis`.
 */
@Global()
@Module({
  providers: [
    QueueConnectionLog,
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        connectRedis(
          new Redis(config.redis.url, { ...FAIL_FAST_OPTIONS, enableAutoPipelining: true }),
          'shared',
        ),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
