import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { RateBarsRepository, type StoredBar } from '@fxrates/db';
import { JOBS, QUEUES } from '@fxrates/queues';
import { createRatesTable, RateDecimal, RatesStore, type RatesTable } from '@fxrates/rates';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { testConfig } from '../../api/test/test-config';
import { BarKeeper, type BarRetentionReport } from '../src/bars';
import { WorkerModule } from '../src/worker.module';
import { runJob, until } from './support/waiting';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Currency codes of this run only: the bars they make are this run's, whatever others wrote. */
const code = () => `Z${randomBytes(4).toString('hex').toUpperCase()}`;

/** A table of units per USD at `at`, as the ingestion publishes one. */
function table(values: Record<string, string>, at: Date): RatesTable {
  return createRatesTable({
    perUsd: new Map([
      ['USD', new RateDecimal(1)],
      ...Object.entries(values).map(([c, v]) => [c, new RateDecimal(v)] as const),
    ]),
    source: 'test',
    timestamp: at.toISOString(),
    date: at.toISOString().slice(0, 10),
  });
}

/** A bar as the assertions write it: values as PostgreSQL prints the numerics. */
const bar = (b: StoredBar) => ({
  start: b.start.toISOString(),
  open: b.open,
  high: b.high,
  low: b.low,
  close: b.close,
  ticks: b.ticks,
});

/**
 * Intraday bars in the worker against real PostgreSQL and Redis: a scripted tick series gives its
 * exact bars at every interval, a version counts once however often and by however many keepers it
 * is applied, cross pairs come from simultaneous versions, the real ingestion keeps bars, and the
 * daily job makes partitions ahead and drops those past retention.
 */
describe('worker: intraday bars', () => {
  const config = testConfig({ RATES_INGEST_INTERVAL_MS: '600000' });
  let worker: INestApplicationContext;
  /** A second worker on the same database and Redis, as a deployment runs several. */
  let second: INestApplicationContext;
  let redis: Redis;

  beforeAll(async () => {
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    second = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    redis = new Redis(config.redis.url);
  });
  afterAll(async () => {
    await worker.close();
    await second.close();
    const keys = await redis.keys(`${config.redis.keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const repository = () => new RateBarsRepository(worker.get(MikroORM).em.fork());
  /** A keeper of its own, as a second worker has: its own repository and connections. */
  const keeper = () => new BarKeeper(repository());
  /** Yesterday 10:00 UTC plus `minutes` and `seconds`: inside every retention, in a partition made ahead. */
  const yesterday = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  const at = (minutes: number, seconds = 0) =>
    new Date(yesterday + 10 * 3_600_000 + minutes * MINUTE_MS + seconds * 1000);
  const day = { from: new Date(yesterday), to: new Date(yesterday + DAY_MS) };
  const bars = (interval: string, currency: string) =>
    repository().usdBars(interval, currency, day.from, day.to);

  it('gives the exact bars of a scripted tick series at 1m, 5m, 1h and 1d', async () => {
    const x = code();
    const series: [Date, string][] = [
      [at(0, 5), '1.5'],
      [at(0, 20), '1.9'],
      [at(0, 40), '1.2'],
      [at(0, 55), '1.4'],
      [at(3, 10), '1.35'],
      [at(7, 0), '2.1'],
      [at(61, 30), '0.9'],
      [at(62, 0), '1'],
    ];
    // Delivered out of order: open and close follow the ticks' times, not their arrival.
    for (const i of [0, 2, 1, 3, 5, 4, 7, 6])
      await keeper().record(table({ [x]: series[i][1] }, series[i][0]), series[i][0]);

    expect((await bars('1m', x)).map(bar)).toEqual([
      { start: at(0).toISOString(), open: '1.5', high: '1.9', low: '1.2', close: '1.4', ticks: 4 },
      { start: at(3).toISOString(), open: '1.35', high: '1.35', low: '1.35', close: '1.35', ticks: 1 },
      { start: at(7).toISOString(), open: '2.1', high: '2.1', low: '2.1', close: '2.1', ticks: 1 },
      { start: at(61).toISOString(), open: '0.9', high: '0.9', low: '0.9', close: '0.9', ticks: 1 },
      { start: at(62).toISOString(), open: '1', high: '1', low: '1', close: '1', ticks: 1 },
    ]);
    expect((await bars('5m', x)).map(bar)).toEqual([
      { start: at(0).toISOString(), open: '1.5', high: '1.9', low: '1.2', close: '1.35', ticks: 5 },
      { start: at(5).toISOString(), open: '2.1', high: '2.1', low: '2.1', close: '2.1', ticks: 1 },
      { start: at(60).toISOString(), open: '0.9', high: '1', low: '0.9', close: '1', ticks: 2 },
    ]);
    expect((await bars('1h', x)).map(bar)).toEqual([
      { start: at(0).toISOString(), open: '1.5', high: '2.1', low: '1.2', close: '2.1', ticks: 6 },
      { start: at(60).toISOString(), open: '0.9', high: '1', low: '0.9', close: '1', ticks: 2 },
    ]);
    expect((await bars('1d', x)).map(bar)).toEqual([
      { start: day.from.toISOString(), open: '1.5', high: '2.1', low: '0.9', close: '1', ticks: 8 },
    ]);
  });

  it('counts a publish once: applied again, and by two workers at once; a version published again is a new tick', async () => {
    const x = code();
    const earlier = table({ [x]: '3' }, at(100, 1));
    const later = table({ [x]: '3.2' }, at(100, 30));
    expect(await worker.get(BarKeeper).record(earlier, at(100, 1))).toBe(true);
    // A retry of the same publish, and both workers applying the next one at the same time (each
    // reads its publish time from the stored table).
    const applied = await Promise.all([
      worker.get(BarKeeper).record(earlier, at(100, 1)),
      worker.get(BarKeeper).record(later, at(100, 30)),
      second.get(BarKeeper).record(later, at(100, 30)),
      keeper().record(later, at(100, 30)),
    ]);
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect((await bars('1m', x)).map(bar)).toEqual([
      { start: at(100).toISOString(), open: '3', high: '3.2', low: '3', close: '3.2', ticks: 2 },
    ]);
    // The rates back to the earlier table's, published again: a tick of its own, the minute's close.
    expect(await worker.get(BarKeeper).record(earlier, at(100, 50))).toBe(true);
    expect((await bars('1m', x)).map(bar)).toEqual([
      { start: at(100).toISOString(), open: '3', high: '3.2', low: '3', close: '3', ticks: 3 },
    ]);
  });

  it('keeps every version of a busy minute when many keepers apply different versions at once', async () => {
    const x = code();
    const values = Array.from({ length: 12 }, (_, i) => [at(200, i * 4), String(5 + (i % 5) / 10)] as const);
    await Promise.all(values.map(([when, value]) => keeper().record(table({ [x]: value }, when), when)));
    expect((await bars('1m', x)).map(bar)).toEqual([
      { start: at(200).toISOString(), open: '5', high: '5.4', low: '5', close: '5.1', ticks: 12 },
    ]);
  });

  it('computes a cross pair from simultaneous versions, never from the legs’ highs and lows', async () => {
    const [a, b] = [code(), code()];
    // Per USD: a's low (0.5) and b's high (4) come at different ticks.
    const ticks: [Date, string, string][] = [
      [at(300, 0), '1', '2'],
      [at(300, 15), '2', '3'],
      [at(300, 30), '0.5', '1.2'],
      [at(300, 45), '1', '4'],
      [at(301, 10), '1.25', '2.5'],
    ];
    for (const [when, va, vb] of ticks) await keeper().record(table({ [a]: va, [b]: vb }, when), when);

    const cross = await repository().crossBars('1m', a, b, day.from, day.to);
    expect(
      cross.map((c) => ({
        ...bar(c),
        open: Number(c.open),
        high: Number(c.high),
        low: Number(c.low),
        close: Number(c.close),
      })),
    ).toEqual([
      // b per a at each tick: 2, 1.5, 2.4, 4 — high 4 (not 4 / 0.5 = 8), low 1.5 (not 2 / 2 = 1).
      { start: at(300).toISOString(), open: 2, high: 4, low: 1.5, close: 4, ticks: 4 },
      { start: at(301).toISOString(), open: 2, high: 2, low: 2, close: 2, ticks: 1 },
    ]);
    const hourly = await repository().crossBars('1h', a, b, day.from, day.to);
    expect(
      hourly.map((c) => [Number(c.open), Number(c.high), Number(c.low), Number(c.close), c.ticks]),
    ).toEqual([[2, 4, 1.5, 2, 5]]);
    // What the legs' own bars would have given: the wrong answer this route never serves.
    const [legA] = await bars('1m', a);
    const [legB] = await bars('1m', b);
    expect(Number(legB.high) / Number(legA.low)).toBe(8);
  });

  it('keeps a bar of every currency from a table the real ingestion publishes, at its publish time', async () => {
    const store = new RatesStore(redis, config.redis.keyPrefix);
    // The worker ingested the bundled snapshot once at start.
    await until(async () => (await store.load()) !== null);
    const published = (await store.load())!;
    const storedAt = new Date(published.storedAt!);
    const minute = new Date(Math.floor(storedAt.getTime() / MINUTE_MS) * MINUTE_MS);
    let eur: StoredBar[] = [];
    await until(async () => {
      eur = await repository().usdBars('1m', 'EUR', minute, new Date(minute.getTime() + MINUTE_MS));
      return eur.length === 1;
    });
    expect(new RateDecimal(eur[0].close).eq(published.perUsd.get('EUR')!)).toBe(true);
    expect(eur[0].ticks).toBeGreaterThanOrEqual(1);
    // The same version applied again by the entry the ingestion calls changes nothing.
    expect(await worker.get(BarKeeper).record(published, storedAt)).toBe(false);
  });

  it('makes partitions ahead and drops those past retention in its daily job', async () => {
    const bars = repository();
    // A month long past every retention but the days' (kept forever).
    await bars.ensurePartitions(new Date('2019-03-10T00:00:00Z'), 1);
    expect(await bars.partitions({ bars: '1m' })).toContain('rate_bars_1m_p201903');
    const report = await runJob<BarRetentionReport>(
      worker.get<Queue>(getQueueToken(QUEUES.maintenance)),
      JOBS.keepBarPartitions,
      { trigger: 'manual' },
    );
    expect(report.dropped).toEqual(
      expect.arrayContaining([
        'rate_bars_1m_p201903',
        'rate_bars_5m_p201903',
        'rate_bars_1h_p201903',
        'rate_ticks_p201903',
      ]),
    );
    const month = (offset: number) => {
      const d = new Date();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() + offset);
      return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    const left = await bars.partitions({ bars: '1m' });
    expect(left).not.toContain('rate_bars_1m_p201903');
    expect(left).toEqual(expect.arrayContaining([`rate_bars_1m_p${month(0)}`, `rate_bars_1m_p${month(1)}`]));
    // A month over is vacuumed whole: its partitions of every interval and the ticks.
    const yesterdays = new Date(yesterday).toISOString().slice(0, 7).replace('-', '');
    expect(await bars.settleMonth(new Date(yesterday))).toEqual(
      ['1d', '1h', '1m', '5m']
        .map((interval) => `rate_bars_${interval}_p${yesterdays}`)
        .concat(`rate_ticks_p${yesterdays}`),
    );
    // Days are kept forever.
    expect(await bars.partitions({ bars: '1d' })).toContain('rate_bars_1d_p201903');
  });
});
