import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { migrateUp } from '@fxrates/db';
import { Redis } from 'ioredis';
import { HistoryStandIn } from '../../../libs/rates/testing/history-stand-in';
import { testConfig } from '../../api/test/test-config';
import { WorkerModule } from '../src/worker.module';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/throwaway-postgres';
import { until } from './support/waiting';

/**
 * PostgreSQL really killed (SIGKILL to a cluster of this file's own) while the worker's history
 * backfill waits on a provider with its connection idle: the lost connection is heard and logged,
 * and the worker lives on. Unheard, the pg client's 'error' event ended the process.
 */
describe('worker: the history backfill through a PostgreSQL outage', () => {
  let pg: ThrowawayPostgres;
  let standIn: HistoryStandIn;
  let worker: INestApplicationContext | undefined;
  let config: ReturnType<typeof testConfig>;
  const logged: string[] = [];
  const logger: LoggerService = {
    log: (message: unknown) => logged.push(String(message)),
    warn: (message: unknown) => logged.push(String(message)),
    error: (message: unknown) => logged.push(String(message)),
  };

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    await pg.createDatabase('fxrates');
    await migrateUp({ url: pg.urlOf('fxrates'), poolMax: 2 });
    standIn = await HistoryStandIn.start();
    // Each kline page takes 3 s: the run's connection sits idle meanwhile.
    standIn.delayMs.binance = 3_000;
    config = testConfig({
      DATABASE_URL: pg.urlOf('fxrates'),
      RATES_INGEST_INTERVAL_MS: '600000',
      RATES_HISTORY_BACKFILL: 'binance',
      RATES_BINANCE_URL: standIn.url,
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await standIn?.close();
    await pg?.destroy();
    const redis = new Redis(config.redis.url);
    const keys = await redis.keys(`${config.redis.keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('hears the connection go while the run waits on a provider, logs it, and lives on', async () => {
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger });
    await until(() => standIn.requests.length > 0, 20_000); // the start job is waiting on Binance
    await pg.kill();
    await until(
      () => logged.some((line) => line.startsWith('History backfill: PostgreSQL connection lost')),
      20_000,
    );
    await pg.start();
    // Unheard, the event is an uncaught error here and fails this test (it did before the listener).
  }, 90_000);

  it('`npm run rates:backfill` names the lost connection and what to do, and exits 1', async () => {
    await worker?.close();
    worker = undefined;
    const cli = path.resolve(__dirname, '../../../dist/services/worker/src/cli/rates-backfill.js');
    const asked = standIn.requests.length;
    const run = spawn(process.execPath, [cli, '--source', 'binance'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: pg.urlOf('fxrates'),
        REDIS_URL: config.redis.url,
        RATES_BINANCE_URL: standIn.url,
      },
    });
    let stderr = '';
    run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(run, 'exit');
    await until(() => standIn.requests.length > asked, 20_000); // waiting on Binance, connection idle
    await pg.kill();
    const [code] = (await exited) as [number | null];
    await pg.start();
    expect(stderr).toContain('PostgreSQL connection lost: ');
    expect(stderr).toContain('run the command again to resume');
    expect(stderr).not.toContain("Unhandled 'error' event");
    expect(code).toBe(1);
  }, 90_000);
});
