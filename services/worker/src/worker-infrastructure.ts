import { MikroOrmModule } from '@mikro-orm/nestjs';
import { BullModule } from '@nestjs/bullmq';
import { Logger, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_CONFIG, bullTelemetry, type AppConfig } from '@fxrates/config';
import { ormConfig } from '@fxrates/db';
import { bullConnection, bullPrefix, DEFAULT_JOB_OPTIONS } from '@fxrates/queues';
import { Redis } from 'ioredis';
import { WORKER_REDIS } from './worker.tokens';

/** PostgreSQL and BullMQ, for the worker and the operator commands alike. */
export function infrastructureImports(config: AppConfig): Array<DynamicModule | Promise<DynamicModule>> {
  return [
    MikroOrmModule.forRoot({
      ...ormConfig({ ...config.database, warn: (message) => new Logger('PostgreSQL').warn(message) }),
      registerRequestContext: false,
    }),
    BullModule.forRoot({
      connection: bullConnection(config.redis.url),
      prefix: bullPrefix(config.redis.keyPrefix),
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
      // Trace context rides in each job (OpenTelemetry), while tracing is on.
      telemetry: bullTelemetry(),
    }),
  ];
}

/** The config and a Redis client of the process (closed by the root module's shutdown hook). */
export function infrastructureProviders(config: AppConfig): Provider[] {
  return [
    { provide: APP_CONFIG, useValue: config },
    { provide: WORKER_REDIS, useFactory: () => new Redis(config.redis.url, { maxRetriesPerRequest: 3 }) },
  ];
}
