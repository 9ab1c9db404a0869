import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JOBS } from '@fxrates/queues';
import { AGE_HISTORY_MS, loadBundledSnapshot, SourceAgeSamples, SourceHealthStore } from '@fxrates/rates';
import { Redis } from 'ioredis';
import { ProviderStandIn } from '../../../libs/rates/testing/provider-stand-in';
import { testConfig } from '../../api/test/test-config';
import { RatesIngestWorkers } from '../src/rates/rates-ingest-workers';
import { SourceAgeSamplerProcessor } from '../src/status/source-age-sampler.processor';
import { WorkerModule } from '../src/worker.module';
import { runJob, until } from './support/waiting';

const MINUTE = 60_000;

/** The age samples of the status page's sparkline, as several workers and a day's time leave them. */
describe('SourceAgeSamples', () => {
  const config = testConfig();
  const prefix = config.redis.keyPrefix;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(config.redis.url);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('keeps one sample per interval when two workers sample the same one', async () => {
    const a = new SourceAgeSamples(redis, prefix);
    const other = new Redis(config.redis.url);
    const b = new SourceAgeSamples(other, prefix);
    const start = Date.parse('2026-11-24T10:00:00.000Z');
    await Promise.all([
      a.record(new Map([['ecb', 120]]), start + 1_000, MINUTE),
      b.record(new Map([['ecb', 121]]), start + 2_000, MINUTE),
    ]);
    await other.quit();
    await a.record(new Map([['ecb', 180]]), start + MINUTE + 500, MINUTE);
    const samples = (await a.load(['ecb'], start + 2 * MINUTE)).get('ecb')!;
    expect(samples.map((s) => s.at)).toEqual([start, start + MINUTE]);
    expect([120, 121]).toContain(samples[0].ageSeconds);
    expect(samples[1].ageSeconds).toBe(180);
  });

  it('drops samples older than 24 hours as it records, and records a source without data as null', async () => {
    const samples = new SourceAgeSamples(redis, prefix);
    const start = Date.parse('2026-11-20T00:00:00.000Z');
    await samples.record(new Map([['binance', 5]]), start, MINUTE);
    await samples.record(new Map([['binance', 7]]), start + 12 * 3_600_000, MINUTE);
    const key = `${prefix}rates:source-age:binance`;
    expect(await redis.zcard(key)).toBe(2);
    await samples.record(new Map([['binance', null]]), start + AGE_HISTORY_MS + MINUTE, MINUTE);
    expect(await redis.zcard(key)).toBe(2);
    expect((await samples.load(['binance'], start + AGE_HISTORY_MS + MINUTE)).get('binance')).toEqual([
      { at: start + 12 * 3_600_000, ageSeconds: 7 },
      { at: start + AGE_HISTORY_MS + MINUTE, ageSeconds: null },
    ]);
    // The key expires with its newest sample's day: a source disabled for good leaves nothing behind.
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(AGE_HISTORY_MS);
    expect(ttl).toBeLessThanOrEqual(AGE_HISTORY_MS + MINUTE);
  });
});

describe('worker: source health and age samples', () => {
  let standIn: ProviderStandIn;
  let worker: INestApplicationContext;
  let redis: Redis;
  let config: ReturnType<typeof testConfig>;

  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
    // Frankfurter answers 503 from the start; the snapshot always succeeds. Ingests are triggered
    // by hand (long intervals) after the first run at boot; samples every second.
    standIn.fault('/v2/rates', { status: 503, body: 'down' });
    config = testConfig({
      RATES_PROVIDERS: 'bundled-snapshot,frankfurter',
      RATES_FRANKFURTER_URL: standIn.url,
      RATES_FRANKFURTER_INTERVAL_MS: '600000',
      RATES_FRANKFURTER_TIMEOUT_MS: '2000',
      RATES_INGEST_INTERVAL_MS: '600000',
      STATUS_SAMPLE_INTERVAL_MS: '1000',
    });
    redis = new Redis(config.redis.url);
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    worker.enableShutdownHooks();
  });

  afterAll(async () => {
    await worker?.close();
    const keys = await redis.keys(`${config.redis.keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await standIn?.close();
  });

  const health = () =>
    new SourceHealthStore(redis, config.redis.keyPrefix).load(['bundled-snapshot', 'frankfurter']);

  it('records each poll: a success with its data time, failures counted until the next success', async () => {
    await until(async () => {
      const known = await health();
      return (
        known.get('bundled-snapshot')!.lastSuccessAt !== null &&
        known.get('frankfurter')!.consecutiveFailures >= 1
      );
    });
    const snapshot = loadBundledSnapshot();
    const snapshotHealth = (await health()).get('bundled-snapshot')!;
    expect(snapshotHealth).toMatchObject({
      consecutiveFailures: 0,
      dataTimestamp: Date.parse(snapshot.timestamp),
      dataDate: snapshot.date,
      lastFailureAt: null,
    });

    const queue = worker.get(RatesIngestWorkers).queueOf('frankfurter');
    await runJob(queue, JOBS.ingestRates, { trigger: 'manual' });
    const failing = (await health()).get('frankfurter')!;
    expect(failing).toMatchObject({ lastSuccessAt: null, dataTimestamp: null, lastFailure: 'http' });
    expect(failing.consecutiveFailures).toBeGreaterThanOrEqual(2);

    standIn.fault('/v2/rates', null);
    const before = Date.now();
    await runJob(queue, JOBS.ingestRates, { trigger: 'manual' });
    const recovered = (await health()).get('frankfurter')!;
    expect(recovered.consecutiveFailures).toBe(0);
    expect(recovered.lastSuccessAt).toBeGreaterThanOrEqual(before);
    expect(recovered.dataTimestamp).not.toBeNull();
    expect(recovered.lastFailure).toBe('http'); // the last failure stays on record
  });

  it('samples every enabled source once per interval on its schedule', async () => {
    const samples = new SourceAgeSamples(redis, config.redis.keyPrefix);
    await until(async () => {
      const all = await samples.load(['bundled-snapshot', 'frankfurter'], Date.now());
      return all.get('bundled-snapshot')!.length >= 3 && all.get('frankfurter')!.length >= 3;
    }, 10_000);
    const now = Date.now();
    const all = await samples.load(['bundled-snapshot', 'frankfurter'], now);
    const snapshotAges = all.get('bundled-snapshot')!;
    const intervals = snapshotAges.map((s) => s.at);
    expect(new Set(intervals).size).toBe(intervals.length);
    for (const at of intervals) expect(at % 1000).toBe(0);
    const snapshotAt = Date.parse(loadBundledSnapshot().timestamp);
    const last = snapshotAges[snapshotAges.length - 1];
    // Sampled within its interval: the age is the snapshot's age then, to the second.
    expect(last.ageSeconds).toBeGreaterThanOrEqual(Math.floor((last.at - snapshotAt) / 1000));
    expect(last.ageSeconds).toBeLessThanOrEqual(Math.ceil((last.at + 1000 - snapshotAt) / 1000) + 1);
  });

  it('replaces the sample of the interval when the sampling runs twice in it', async () => {
    const sampler = worker.get(SourceAgeSamplerProcessor);
    const key = `${config.redis.keyPrefix}rates:source-age:bundled-snapshot`;
    const at = Date.now();
    await sampler.sample(at);
    const count = await redis.zcount(key, Math.floor(at / 1000) * 1000, Math.floor(at / 1000) * 1000);
    await sampler.sample(at + 1);
    expect(await redis.zcount(key, Math.floor(at / 1000) * 1000, Math.floor(at / 1000) * 1000)).toBe(count);
    expect(count).toBe(1);
  });
});
