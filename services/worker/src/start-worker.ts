import { MikroORM } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import {
  createLogger,
  OperatorAccess,
  operatorPagesEnabled,
  PinoNestLogger,
  stopTracing,
  type AppConfig,
} from '@fxrates/config';
import { pingDatabase } from '@fxrates/db';
import { refuseEvictingRedisOrExit } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { startHealthServer } from './health/health-server';
import { WorkerMetrics } from './health/worker-metrics';
import { JobWorkers } from './lifecycle/job-workers';
import { WorkerModule } from './worker.module';
import { WORKER_REDIS } from './worker.tokens';

/** The worker process once tracing (if any) runs: main.ts loads this module only then. */
export async function startWorker(config: AppConfig): Promise<void> {
  const logger = createLogger(config.logLevel, 'worker', undefined, {
    logContext: true,
    format: config.logFormat,
  });
  await refuseEvictingRedisOrExit(config.redis.url, (message) => logger.warn(message));
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: new PinoNestLogger(logger),
  });
  const orm = app.get(MikroORM);
  const metrics = app.get(WorkerMetrics);
  const redis = app.get<Redis>(WORKER_REDIS);
  const health = await startHealthServer(config.worker.healthPort, config.api.host, {
    redis,
    database: () => pingDatabase(orm.em),
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
  // Not Nest's enableShutdownHooks: it runs onModuleDestroy (the SMTP transport, the ORM) while jobs
  // are still in hand and ends the process by re-raising the signal (exit 143, not 0).
  const jobWorkers = app.get(JobWorkers);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const inHand = jobWorkers.jobsInHand();
    logger.info(
      { signal, inHand, graceMs: config.worker.shutdownGraceMs },
      'Worker stopping: no new jobs; those in hand may finish',
    );
    const handedBack = await jobWorkers.stop(config.worker.shutdownGraceMs);
    if (handedBack > 0) {
      // Their code is still running here: exit before it can take effect, another worker has them.
      logger.warn({ handedBack }, 'Worker stopped with jobs handed back to their queues');
      await stopTracing();
      process.exit(0);
    }
    health.close();
    await app.close();
    logger.info('Worker stopped; every job in hand finished');
    await stopTracing();
    process.exit(0);
  };
  const onSignal = (signal: NodeJS.Signals) =>
    void stop(signal).catch((error: Error) => {
      logger.error({ err: error }, 'Worker shutdown failed');
      process.exit(1);
    });
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
