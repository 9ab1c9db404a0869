import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { Redis } from 'ioredis';
import { QueueConnectionLog } from './queue-connection-log';
import { FAIL_FAST_OPTIONS } from './redis-connection';
import { RedisConnections } from './redis-connections';

export const REDIS = Symbol('REDIS');

/**
 * One shared command connection per process, ready before any module uses it. Pub/sub users and the
 * metering duplicate it (same options) and connect their copy through `RedisConnections`, which
 * readiness asks.
 */
@Global()
@Module({
  providers: [
    QueueConnectionLog,
    RedisConnections,
    {
      provide: REDIS,
      inject: [APP_CONFIG, RedisConnections],
      useFactory: (config: AppConfig, connections: RedisConnections) =>
        connections.connect(
          new Redis(config.redis.url, { ...FAIL_FAST_OPTIONS, enableAutoPipelining: true }),
          'shared',
        ),
    },
  ],
  exports: [REDIS, RedisConnections],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
