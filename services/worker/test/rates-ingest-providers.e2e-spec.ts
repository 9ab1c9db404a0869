import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JOBS } from '@fxrates/queues';
import { RateHistoryRepository } from '@fxrates/db';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  addDays,
  ecbFixInstant,
  lastPublishingDay,
  RateDecimal,
  RatesStore,
  TARGET_CALENDAR,
  type ProviderId,
} from '@fxrates/rates';
import { Redis } from 'ioredis';
import request from 'supertest';
import { ecbDailyXml, ProviderStandIn } from '../../../libs/rates/testing/provider-stand-in';
import { CurrentRates } from '../../api/src/modules/current-rates';
import { givenIn } from '../../api/test/support/given';
import { startTestApp, type TestApp } from '../../api/test/test-app';
import { testConfig } from '../../api/test/test-config';
import type { IngestReport } from '../src/rates/rates-ingestion';
import { RatesIngestWorkers } from '../src/rates/rates-ingest-workers';
import { WorkerMetrics } from '../src/health/worker-metrics';
import { WorkerModule } from '../src/worker.module';
import { ingestNow } from './support/ingest-now';
import { until } from './support/waiting';

/**
 * How long an API instance may take to serve a table the worker announced. Instances never poll for
 * tables: only the announcement brings one, so serving it at all proves the announcement. The
 * deadline only ends a broken run, long enough that a slow machine never fails a working one.
 */
const ANNOUNCED_TABLE_DEADLINE_MS = 20_000;

/**
 * The whole ingestion against provider stand-ins on 127.0.0.1: the worker fetches ECB, CoinGecko
 * and Binance, validates, merges and publishes; two API instances swap their tables when it announces one;
 * a provider that hangs, answers garbage, jumps or asks us to back off changes nothing in service.
 */
describe('worker: rates ingest from live providers (stand-ins)', () => {
  let standIn: ProviderStandIn;
  let worker: INestApplicationContext;
  let apis: TestApp[];
  let redis: Redis;
  let key: string;
  // The last three ECB fixes before now (16:00 CET), so each new value is judged against the one before.
  const today = new Date().toISOString().slice(0, 10);
  const previousFix = (day: string) => lastPublishingDay(TARGET_CALENDAR, addDays(day, -1));
  const latestFix = lastPublishingDay(TARGET_CALENDAR, today);
  const thirdDay = Date.parse(ecbFixInstant(latestFix)) <= Date.now() ? latestFix : previousFix(latestFix);
  const secondDay = previousFix(thirdDay);
  const firstDay = previousFix(secondDay);

  const ingest = (provider: ProviderId): Promise<IngestReport> => ingestNow(worker, provider);
  const rateOn = (api: TestApp, to: string) =>
    request(api.app.getHttpServer())
      .get(`/api/v1/rates/rate?from=USD&to=${to}`)
      .set('X-API-Key', key)
      .expect(200)
      .then((res) => res.body as { rate: number; source: string[]; date: string });
  const counter = async (name: string, labels: Record<string, string>) => {
    const metric = await worker.get(WorkerMetrics).registry.getSingleMetric(name)!.get();
    const match = metric.values.find((v) => Object.entries(labels).every(([k, val]) => v.labels[k] === val));
    return match?.value ?? 0;
  };

  /** What earlier runs recorded is a reference for new values: each run starts from none. */
  const clearRecorded = (em: EntityManager) =>
    new RateHistoryRepository(em.fork()).deleteCloses({
      sources: ['ecb', 'coingecko', 'binance'],
      observedOnly: true,
    });

  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
    standIn.ecbXml = ecbDailyXml(firstDay, { USD: '1.1600', CHF: '0.9300', GBP: '0.8700' });
    standIn.cryptoUsd = { BTC: '80000', ETH: '2500' };
    const config = testConfig({
      RATES_PROVIDERS: 'ecb,coingecko,binance,bundled-snapshot',
      ...Object.fromEntries(
        ['ECB', 'COINGECKO', 'BINANCE'].flatMap((p) => [
          [`RATES_${p}_URL`, standIn.url],
          [`RATES_${p}_INTERVAL_MS`, '600000'],
          // ECB's hang must outlast a whole CoinGecko ingest (publish, alerts, webhook events) on a
          // loaded CI machine: "one queue per provider" asks CoinGecko to finish inside it.
          [`RATES_${p}_TIMEOUT_MS`, p === 'ECB' ? '3000' : '500'],
        ]),
      ),
      RATES_INGEST_INTERVAL_MS: '600000',
    });
    redis = new Redis(config.redis.url);
    apis = [await startTestApp(config), await startTestApp(config)];
    await clearRecorded(apis[0].app.get(EntityManager));
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    worker.enableShutdownHooks();

    ({ key } = await givenIn(apis[0].app).keyOnPlan({ plan: 'enterprise', name: 'ingest' }));

    // Every provider runs once at start; wait until ECB's and the exchanges' values are in service.
    const store = new RatesStore(redis, config.redis.keyPrefix);
    await until(async () => {
      const table = await store.load();
      return (
        table?.provenance.get('EUR')?.source === 'ecb' &&
        table.provenance.get('BTC')?.source !== 'bundled-snapshot'
      );
    }, 15_000);
  });

  afterAll(async () => {
    if (worker) await clearRecorded(worker.get(EntityManager));
    await worker?.close();
    for (const api of apis ?? []) await api.close();
    await redis?.quit();
    await standIn?.close();
  });

  it('serves ECB fiat and exchange crypto, cross-rated exactly, on every instance', async () => {
    for (const api of apis) {
      // Each instance serves the worker's newest table once its announcement arrives: until then an
      // instance may hold a table of the start-up (ECB's EUR already, the exchanges' BTC not yet).
      await until(async () => {
        const [eur, btc] = await Promise.all(
          ['EUR', 'BTC'].map((to) =>
            request(api.app.getHttpServer())
              .get(`/api/v1/rates/rate?from=USD&to=${to}`)
              .set('X-API-Key', key),
          ),
        );
        return (
          eur.status === 200 &&
          eur.body.source.join() === 'ecb' &&
          btc.status === 200 &&
          !btc.body.source.includes('bundled-snapshot')
        );
      }, ANNOUNCED_TABLE_DEADLINE_MS);
      const eur = await rateOn(api, 'EUR');
      // 1 / 1.16, to the API's 10 significant digits.
      expect(eur).toMatchObject({ rate: 0.8620689655, source: ['ecb'], date: firstDay });
      // CHF per USD = 0.93 / 1.16
      expect((await rateOn(api, 'CHF')).rate).toBe(0.8017241379);
      const btc = await rateOn(api, 'BTC');
      expect([['coingecko'], ['binance']]).toContainEqual(btc.source);
      // 1 / 80 000 USD (Binance's USDT quote is rebased through the USDT rate in service).
      expect(new RateDecimal(btc.rate).minus('0.0000125').abs().lte('0.0000001')).toBe(true);
    }
    expect(standIn.requestsTo('/api/v3/simple/price').length).toBeGreaterThan(0);
    expect(standIn.requestsTo('/api/v3/ticker/price').length).toBeGreaterThan(0);
  }, 60_000);

  it('has every API instance serve a new ECB fix once the worker announces its table', async () => {
    const announced: string[] = [];
    const listener = new Redis(apis[0].config.redis.url);
    listener.on('message', (_channel: string, version: string) => announced.push(version));
    await listener.subscribe(new RatesStore(redis, apis[0].config.redis.keyPrefix).channel);
    try {
      standIn.ecbXml = ecbDailyXml(secondDay, { USD: '1.1500', CHF: '0.9250', GBP: '0.8650' });
      const report = await ingest('ecb');
      expect(report).toMatchObject({ outcome: 'success', published: true, rejected: 0 });
      // The table of the new fix is announced, and each instance then serves that very version.
      const table = (await new RatesStore(redis, apis[0].config.redis.keyPrefix).load())!;
      await until(() => announced.includes(table.version), ANNOUNCED_TABLE_DEADLINE_MS);
      await Promise.all(
        apis.map((api) =>
          until(
            () => api.app.get(CurrentRates).current.version === table.version,
            ANNOUNCED_TABLE_DEADLINE_MS,
          ),
        ),
      );
    } finally {
      listener.disconnect();
    }
    for (const api of apis) expect((await rateOn(api, 'EUR')).date).toBe(secondDay);
    for (const api of apis) expect((await rateOn(api, 'EUR')).rate).toBe(0.8695652174); // 1 / 1.15
    const [recorded] = await new RateHistoryRepository(worker.get(EntityManager).fork()).storedCloses({
      sources: ['ecb'],
      currencies: ['EUR'],
      days: [secondDay],
    });
    expect(new RateDecimal(recorded.rate).toFixed(12)).toBe('0.869565217391'); // 1 / 1.15
  }, 60_000);

  it.each([
    ['hangs', 'hang' as const, 'timeout'],
    ['answers garbage', 'garbage' as const, 'malformed'],
    ['answers 503', { status: 503, body: 'maintenance' }, 'http'],
  ])('keeps the last good values when ECB %s, and counts the failure', async (_, fault, failure) => {
    const before = await counter('fxrates_rates_provider_failures_total', { provider: 'ecb', failure });
    standIn.fault('/stats/eurofxref/eurofxref-daily.xml', fault);
    try {
      expect(await ingest('ecb')).toMatchObject({ outcome: 'failure', published: false });
    } finally {
      standIn.fault('/stats/eurofxref/eurofxref-daily.xml', null);
    }
    expect(await counter('fxrates_rates_provider_failures_total', { provider: 'ecb', failure })).toBe(
      before + 1,
    );
    for (const api of apis)
      expect(await rateOn(api, 'EUR')).toMatchObject({ rate: 0.8695652174, date: secondDay });
  });

  it('lets CoinGecko finish while ECB hangs: one queue per provider', async () => {
    standIn.fault('/stats/eurofxref/eurofxref-daily.xml', 'hang');
    try {
      const ecbQueue = worker.get(RatesIngestWorkers).queueOf('ecb');
      const hanging = await ecbQueue.add(JOBS.ingestRates, { trigger: 'manual' });
      await until(async () => (await ecbQueue.getJob(hanging.id!))?.processedOn != null, 5000);
      expect(await ingest('coingecko')).toMatchObject({ outcome: 'success' });
      // ECB's run is still waiting out its timeout when CoinGecko's is done.
      expect((await ecbQueue.getJob(hanging.id!))?.finishedOn).toBeUndefined();
      await until(async () => (await ecbQueue.getJob(hanging.id!))?.finishedOn != null, 10_000);
    } finally {
      standIn.fault('/stats/eurofxref/eurofxref-daily.xml', null);
    }
  });

  it('refuses a jump of more than 25 % for fiat and a zero price for crypto, keeping the rest', async () => {
    // GBP per USD from 0.865/1.15 = 0.7522 to 1.3/1.15 = 1.1304: +50 %. CHF moves 0.5 %.
    standIn.ecbXml = ecbDailyXml(thirdDay, {
      USD: '1.1500',
      CHF: '0.9300',
      GBP: '1.3000',
    });
    const jumpsBefore = await counter('fxrates_rates_rejected_values_total', {
      provider: 'ecb',
      reason: 'jump',
    });
    const report = await ingest('ecb');
    expect(report).toMatchObject({ outcome: 'success', rejected: 1 });
    expect(await counter('fxrates_rates_rejected_values_total', { provider: 'ecb', reason: 'jump' })).toBe(
      jumpsBefore + 1,
    );
    for (const api of apis) {
      // 0.93 / 1.15
      await until(async () => (await rateOn(api, 'CHF')).rate === 0.8086956522, ANNOUNCED_TABLE_DEADLINE_MS);
      expect((await rateOn(api, 'GBP')).rate).toBe(0.752173913); // the last good value: 0.865 / 1.15
    }

    standIn.cryptoUsd = { BTC: '0', ETH: '2510' };
    const geckoReport = await ingest('coingecko');
    expect(geckoReport).toMatchObject({ outcome: 'success', accepted: 1 });
    expect(geckoReport.rejected).toBeGreaterThanOrEqual(1);
    const btc = await rateOn(apis[1], 'BTC');
    expect(btc.rate).toBeGreaterThan(0);
  }, 60_000);

  it('backs off as long as a 429 asks, without calling the provider again', async () => {
    standIn.fault('/api/v3/ticker/price', { status: 429, headers: { 'retry-after': '120' } });
    try {
      expect(await ingest('binance')).toMatchObject({ outcome: 'failure' });
      const asked = standIn.requestsTo('/api/v3/ticker/price').length;
      expect(await ingest('binance')).toMatchObject({ outcome: 'backing-off' });
      expect(standIn.requestsTo('/api/v3/ticker/price')).toHaveLength(asked);
      expect(
        await counter('fxrates_rates_provider_failures_total', {
          provider: 'binance',
          failure: 'rate-limited',
        }),
      ).toBe(1);
      // Another provider is not held up by it.
      expect(await ingest('coingecko')).toMatchObject({ outcome: 'success' });
    } finally {
      standIn.fault('/api/v3/ticker/price', null);
    }
  });

  it('believes a crash once three newer readings agree, and serves it', async () => {
    // ETH from 2 510 to ~1 000 USD: +151 % per USD, past crypto's 50 %; a real crash repeats.
    const readings: Array<[string, number]> = [
      ['1000', 1],
      ['1004', 2],
      ['998', 3],
    ];
    const reports: IngestReport[] = [];
    for (const [price, second] of readings) {
      standIn.cryptoUsd = { ...standIn.cryptoUsd, ETH: price };
      standIn.cryptoTime = new Date(Date.now() + second * 1000).toISOString();
      reports.push(await ingest('coingecko'));
    }
    expect(reports.map((r) => r.confirmedJumps)).toEqual([0, 0, 1]);
    expect(reports[0].rejected).toBeGreaterThanOrEqual(1);
    for (const api of apis) {
      // 1 / 998
      await until(
        async () => (await rateOn(api, 'ETH')).rate === 0.001002004008,
        ANNOUNCED_TABLE_DEADLINE_MS,
      );
    }
  }, 60_000);
});
