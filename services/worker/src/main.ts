import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import {
  createLogger,
  loadConfigOrExit,
  OperatorAccess,
  operatorPagesEnabled,
  PinoNestLogger,
} from '@fxrates/config';
import { refuseEvictingRedisOrExit } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { startHealthServer } from './health/health-server';
import { WorkerMetrics } from './health/worker-metrics';
import { WorkerModule } from './worker.module';
import { WORKER_REDIS } from './worker.tokens';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel, 'worker');
  await refuseEvictingRedisOrExit(config.redis.url, (message) => logger.warn(message));
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: new PinoNestLogger(logger),
  });
  app.enableShutdownHooks();
  const orm = app.get(MikroORM);
  const metrics = app.get(WorkerMetrics);
  const redis = app.get<Redis>(WORKER_REDIS);
  const health = await startHealthServer(config.worker.healthPort, config.api.host, {
    redis,
    database: () => orm.em.getConnection().execute('select 1'),
    metrics: operatorPagesEnabled(config.ops)
      ? {
          contentType: metrics.registry.contentType,
          render: () => metrics.registry.metrics(),
          access: new OperatorAccess(config.ops, redis, config.redis.keyPrefix),
        }
      : undefined,
  });
  logger.info(
    { host: config.api.host, port: config.worker.healthPort },
    `Worker running; /health, /health/ready${operatorPagesEnabled(config.ops) ? ' and /metrics (operators)' : ''}`,
  );
  const stop = () => health.close();
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`Worker failed to start: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
