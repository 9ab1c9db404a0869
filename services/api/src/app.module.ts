import { MikroOrmModule } from '@mikro-orm/nestjs';
import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { APP_CONFIG, bullTelemetry, type AppConfig } from '@fxrates/config';
import { ormConfig } from '@fxrates/db';
import { bullConnection, bullPrefix, DEFAULT_JOB_OPTIONS } from '@fxrates/queues';
import { DirectRoutesModule } from './common/http';
import { MetricsModule } from './common/metrics';
import { Clock, SystemClock } from './common/time';
import { AccountModule } from './modules/account';
import { AlertsModule } from './modules/alerts';
import { AuditModule } from './modules/audit';
import { AuthModule } from './modules/auth';
import { BillingModule } from './modules/billing';
import { ContactModule } from './modules/contact';
import { HealthModule } from './modules/health';
import { KeysModule } from './modules/keys';
import { OpsModule } from './modules/ops';
import { PlansModule } from './modules/plans';
import { PublicApiModule } from './modules/public-api';
import { UsageModule } from './modules/usage';
import { StatusModule } from './modules/status';
import { LandingConverterModule } from './modules/landing-converter';
import { McpModule } from './modules/mcp';
import { ConvertBatchModule } from './modules/convert-batch';
import { WebhooksModule } from './modules/webhooks';
import { RedisModule } from './modules/redis';
import { FAIL_FAST_OPTIONS, watchConnection } from './modules/redis';
import type { Redis } from 'ioredis';

/**
 * The throttler's own connection (the library owns and closes it), failing fast like the others. It
 * connects at once: the throttled routes are only served once the application is up.
 */
function throttlerStorage(config: AppConfig): ThrottlerStorageRedisService {
  const options = {
    ...FAIL_FAST_OPTIONS,
    lazyConnect: false,
    keyPrefix: `${config.redis.keyPrefix}throttle:`,
  };
  const storage = new ThrottlerStorageRedisService(config.redis.url, options);
  watchConnection(storage.redis as Redis, 'throttler');
  return storage;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, clock: Clock = new SystemClock()): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        MikroOrmModule.forRoot({
          ...ormConfig({ ...config.database, warn: (message) => new Logger('PostgreSQL').warn(message) }),
          registerRequestContext: false,
        }),
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'default', ttl: 60_000, limit: config.sessions.createLimitPerMinute }],
          storage: throttlerStorage(config),
        }),
        BullModule.forRoot({
          connection: bullConnection(config.redis.url),
          prefix: bullPrefix(config.redis.keyPrefix),
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
          // Trace context rides in each job (OpenTelemetry), while tracing is on.
          telemetry: bullTelemetry(),
        }),
        RedisModule,
        MetricsModule,
        OpsModule,
        DirectRoutesModule,
        AuthModule,
        ContactModule,
        AccountModule,
        AuditModule,
        KeysModule,
        AlertsModule,
        PlansModule,
        PublicApiModule,
        StatusModule,
        UsageModule,
        BillingModule,
        LandingConverterModule,
        McpModule,
        ConvertBatchModule,
        WebhooksModule,
        HealthModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: Clock, useValue: clock },
      ],
      exports: [APP_CONFIG, Clock],
    };
  }
}
