import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES } from '@fxrates/queues';
import { loadBundledSnapshot, RatesStore } from '@fxrates/rates';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { testConfig } from '../../api/test/test-config';
import { SNAPSHOT_SCHEDULER_ID } from '../src/schedules';
import { WorkerModule } from '../src/worker.module';

describe('worker: rates-ingest', () => {
  const config = testConfig({ RATES_INGEST_INTERVAL_MS: '600000' });
  let worker: INestApplicationContext;
  let redis: Redis;
  let subscriber: Redis;
  const announced: string[] = [];

  beforeAll(async () => {
    redis = new Redis(config.redis.url);
    subscriber = new Redis(config.redis.url);
    const store = new RatesStore(redis, config.redis.keyPrefix);
    subscriber.on('message', (_channel, version: string) => announced.push(version));
    await subscriber.subscribe(store.channel);
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    worker.enableShutdownHooks();
  });

  afterAll(async () => {
    await worker.close();
    const keys = await redis.keys(`${config.redis.keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await Promise.all([redis.quit(), subscriber.quit()]);
  });

  it('loads the bundled snapshot into Redis and announces its version once', async () => {
    const store = new RatesStore(redis, config.redis.keyPrefix);
    const expected = loadBundledSnapshot();
    const deadline = Date.now() + 10_000;
    let stored = await store.load();
    while (!stored && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      stored = await store.load();
    }
    expect(stored?.version).toBe(expected.version);
    expect(stored?.perUsd.get('EUR')?.toString()).toBe(expected.perUsd.get('EUR')!.toString());
    await new Promise((r) => setTimeout(r, 200));
    expect(announced).toEqual([expected.version]);
  });

  it('keeps one repeatable schedule at the configured interval, and a rerun announces nothing new', async () => {
    const queue = worker.get<Queue>(getQueueToken(QUEUES.ratesIngest));
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: SNAPSHOT_SCHEDULER_ID, every: 600000 });

    const job = await queue.add('ingest-snapshot', { trigger: 'manual' });
    const deadline = Date.now() + 10_000;
    while (!(await job.isCompleted()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const done = await queue.getJob(job.id!);
    expect(done?.returnvalue).toMatchObject({ published: false });
    expect(announced).toHaveLength(1);
  });
});
