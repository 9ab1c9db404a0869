import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CURRENCIES } from '@fxrates/domain';
import { JOBS } from '@fxrates/queues';
import { loadBundledSnapshot, RatesStore } from '@fxrates/rates';
import { Redis } from 'ioredis';
import { testConfig } from '../../api/test/test-config';
import { ratesIngestSchedulerId, RatesIngestWorkers } from '../src/rates/rates-ingest-workers';
import { WorkerModule } from '../src/worker.module';
import { until } from './support/waiting';

describe('worker: rates ingest of the bundled snapshot', () => {
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

  it('loads the catalogue currencies of the snapshot into Redis and announces the table once', async () => {
    const store = new RatesStore(redis, config.redis.keyPrefix);
    const snapshot = loadBundledSnapshot();
    await until(async () => (await store.load()) !== null, 10_000);
    const stored = (await store.load())!;
    expect(stored.source).toBe('bundled-snapshot');
    expect(stored.perUsd.get('EUR')!.toString()).toBe(snapshot.perUsd.get('EUR')!.toString());
    expect(stored.provenance.get('EUR')).toEqual({
      source: 'bundled-snapshot',
      timestamp: snapshot.timestamp,
      date: snapshot.date,
    });
    const covered = CURRENCIES.filter((c) => snapshot.perUsd.has(c.code)).map((c) => c.code);
    expect([...stored.perUsd.keys()].sort()).toEqual([...new Set([...covered, 'USD'])].sort());
    await new Promise((r) => setTimeout(r, 200));
    expect(announced).toEqual([stored.version]);
  });

  it('keeps one schedule per enabled provider at its interval, and a rerun announces nothing new', async () => {
    const workers = worker.get(RatesIngestWorkers);
    const queue = workers.queueOf('bundled-snapshot');
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: ratesIngestSchedulerId('bundled-snapshot'), every: 600000 });
    expect(await workers.queueOf('ecb').getJobSchedulers()).toHaveLength(0);

    const job = await queue.add(JOBS.ingestRates, { trigger: 'manual' });
    await until(async () => (await queue.getJob(job.id!))?.returnvalue != null, 10_000);
    const done = await queue.getJob(job.id!);
    expect(done?.returnvalue).toMatchObject({
      provider: 'bundled-snapshot',
      outcome: 'success',
      published: false,
    });
    expect(announced).toHaveLength(1);
  });
});
