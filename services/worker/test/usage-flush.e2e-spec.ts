import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { ApiKey, UsageRepository } from '@fxrates/db';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES, usageRedisKeys } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { givenIn } from '../../api/test/support/given';
import { startTestApp, type TestApp } from '../../api/test/test-app';
import { testConfig } from '../../api/test/test-config';
import { WorkerModule } from '../src/worker.module';

describe('worker: usage flush', () => {
  const config = testConfig({ RATES_INGEST_INTERVAL_MS: '600000', USAGE_FLUSH_INTERVAL_MS: '600000' });
  const keys = usageRedisKeys(config.redis.keyPrefix);
  let worker: INestApplicationContext;
  let api: TestApp;

  const em = () => worker.get(MikroORM).em.fork();
  const keyRow = (keyId: string) => em().findOneOrFail(ApiKey, keyId);

  async function flush(): Promise<{ batches: number; requests: number }> {
    const queue = worker.get<Queue>(getQueueToken(QUEUES.usageFlush));
    const job = await queue.add(JOBS.flushUsage, { trigger: 'manual' });
    const deadline = Date.now() + 10_000;
    while (!(await job.isCompleted()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await job.isCompleted()).toBe(true);
    return (await queue.getJob(job.id!))!.returnvalue;
  }

  async function newKey() {
    const { key, id } = await givenIn(api.app).keyOnPlan({ plan: 'enterprise', name: 'flushed' });
    return { key, keyId: id };
  }

  beforeAll(async () => {
    api = await startTestApp(config);
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
  });

  it('moves the counts of real API calls into per-key totals and daily rows', async () => {
    const { key, keyId } = await newKey();
    const call = (query: string) =>
      request(api.app.getHttpServer()).get(`/api/v1/rates/rate?${query}`).set('X-API-Key', key);
    const before = Date.now();
    for (let i = 0; i < 3; i++) await call('from=USD&to=EUR').expect(200);
    await call('from=USD&to=NOPE').expect(400); // not counted

    await flush();
    const row = await keyRow(keyId);
    expect(row.totalRequests).toBe(3);
    // Between the first call and now: an order of events, however slow the machine.
    const lastUsedAt = row.lastUsedAt!.getTime();
    expect(lastUsedAt).toBeGreaterThanOrEqual(before - (before % 1000));
    expect(lastUsedAt).toBeLessThanOrEqual(Date.now());
    const daily = await new UsageRepository(em()).daysOfKey(keyId);
    expect(daily).toEqual([{ key_id: keyId, day: new Date().toISOString().slice(0, 10), requests: '3' }]);
    expect(await api.redis.exists(keys.pending)).toBe(0);

    await call('from=USD&to=GBP').expect(200);
    await flush();
    expect((await keyRow(keyId)).totalRequests).toBe(4);
  });

  it('after a crash, deletes a batch that was already applied and applies one that was not', async () => {
    const { keyId } = await newKey();
    const day = new Date().toISOString().slice(0, 10);
    const applied = randomUUID();
    const unapplied = randomUUID();
    await api.redis.hset(keys.batchPending(applied), `${keyId}|${day}`, '5');
    await new UsageRepository(em()).claimFlushBatch(applied); // committed, then the worker died
    await api.redis.hset(keys.batchPending(unapplied), `${keyId}|${day}`, '2');
    await api.redis.hset(keys.batchLastUsed(unapplied), keyId, String(Date.now()));

    await flush();
    const row = await keyRow(keyId);
    expect(row.totalRequests).toBe(2);
    expect(row.lastUsedAt).not.toBeNull();
    expect(await api.redis.exists(keys.batchPending(applied), keys.batchPending(unapplied))).toBe(0);
    await flush(); // nothing left: nothing changes
    expect((await keyRow(keyId)).totalRequests).toBe(2);
  });
});
