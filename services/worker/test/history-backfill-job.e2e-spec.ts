import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { HistoryStandIn } from '../../../libs/rates/testing/history-stand-in';
import { testConfig } from '../../api/test/test-config';
import { HISTORY_BACKFILL_SCHEDULER_ID } from '../src/schedules';
import { WorkerModule } from '../src/worker.module';

/**
 * The backfill as the worker runs it: once at start and then daily, one job at a time across every
 * worker. Binance here lists none of our assets (400 -1121), so the run asks once per asset and
 * writes nothing: what is proven is that it runs, not what it writes (history-backfill.e2e-spec).
 */
describe('worker: the history backfill job', () => {
  let standIn: HistoryStandIn;
  let config: ReturnType<typeof testConfig>;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    standIn = await HistoryStandIn.start();
    standIn.fault('binance', { status: 400, body: '{"code":-1121,"msg":"Invalid symbol."}' });
    config = testConfig({
      RATES_INGEST_INTERVAL_MS: '600000',
      RATES_HISTORY_BACKFILL: 'binance',
      RATES_BINANCE_URL: standIn.url,
    });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  });
  afterAll(async () => {
    await worker.close();
    await standIn.close();
    const redis = new Redis(config.redis.url);
    const keys = await redis.keys(`${config.redis.keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('runs on start, then daily, one at a time across workers', async () => {
    const queue = worker.get<Queue>(getQueueToken(QUEUES.historyBackfill));
    const [scheduler] = await queue.getJobSchedulers();
    expect(scheduler).toMatchObject({ key: HISTORY_BACKFILL_SCHEDULER_ID, every: 86_400_000 });
    expect(await queue.getGlobalConcurrency()).toBe(1);
    // The start job asks Binance for each asset it has a market for (and is refused: none written).
    const deadline = Date.now() + 20_000;
    while (standIn.requests.length < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(standIn.requests.length).toBeGreaterThanOrEqual(5);
    expect(standIn.requests.every((r) => r.route === 'binance' && r.query.get('interval') === '1d')).toBe(
      true,
    );
    expect(new Set(standIn.requests.map((r) => r.query.get('symbol')))).toContain('BTCUSDT');
  });
});
