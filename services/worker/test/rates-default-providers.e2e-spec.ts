import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createServer } from 'node:net';
import { CRYPTO, DEFAULT_RATE_PROVIDERS, FIAT } from '@fxrates/domain';
import { RateHistoryRepository } from '@fxrates/db';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  CRYPTO_MARKETS,
  loadBundledSnapshot,
  ProviderValuesStore,
  RateDecimal,
  RatesStore,
  type ProviderId,
} from '@fxrates/rates';
import { Redis } from 'ioredis';
import request from 'supertest';
import { ProviderStandIn } from '../../../libs/rates/testing/provider-stand-in';
import { givenIn } from '../../api/test/support/given';
import { startTestApp, type TestApp } from '../../api/test/test-app';
import { testConfig } from '../../api/test/test-config';
import type { IngestReport } from '../src/rates/rates-ingestion';
import { WorkerMetrics } from '../src/health/worker-metrics';
import { WorkerModule } from '../src/worker.module';
import { ingestNow } from './support/ingest-now';
import { until } from './support/waiting';

/** The live ones of the default list: every keyless source. */
const LIVE = DEFAULT_RATE_PROVIDERS.filter((id) => id !== 'bundled-snapshot');
const URL_VARS: Partial<Record<ProviderId, string>> = {
  ecb: 'ECB',
  frankfurter: 'FRANKFURTER',
  'coinbase-rates': 'COINBASE_RATES',
  'open-er-api': 'OPEN_ER_API',
  coinbase: 'COINBASE',
  binance: 'BINANCE',
  coingecko: 'COINGECKO',
};

/** The default provider list with every live source at `url`. */
const defaultListAt = (url: string, timeoutMs: string) =>
  testConfig({
    RATES_PROVIDERS: DEFAULT_RATE_PROVIDERS.join(','),
    ...Object.fromEntries(
      Object.values(URL_VARS).flatMap((p) => [
        [`RATES_${p}_URL`, url],
        [`RATES_${p}_INTERVAL_MS`, '600000'],
        [`RATES_${p}_TIMEOUT_MS`, timeoutMs],
      ]),
    ),
    RATES_INGEST_INTERVAL_MS: '600000',
  });

async function enterpriseKey(api: TestApp): Promise<string> {
  return (await givenIn(api.app).keyOnPlan({ plan: 'enterprise', name: 'default providers' })).key;
}

const ingestWith =
  (worker: INestApplicationContext) =>
  (provider: ProviderId): Promise<IngestReport> =>
    ingestNow(worker, provider, 20_000);

/**
 * Measured: the default provider list, every source answering from a stand-in with its
 * real list of codes (Frankfurter v2's ~130 currencies and metals, Coinbase's ~150 fiat codes,
 * ExchangeRate-API's ~160, the exchanges' markets), serves ≥ 150 of the catalogue's fiat and every
 * crypto asset from a live source. The figure and the codes none covers are in docs/rates-engine.md.
 */
describe('worker: the default provider list against stand-ins of every source', () => {
  let standIn: ProviderStandIn;
  let worker: INestApplicationContext;
  let api: TestApp;
  let redis: Redis;
  let store: RatesStore;
  let values: ProviderValuesStore;
  const clearRecorded = (em: EntityManager) =>
    new RateHistoryRepository(em.fork()).deleteCloses({ sources: LIVE });

  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
    // Every catalogued crypto asset priced on the exchanges at the snapshot's rates.
    const snapshot = loadBundledSnapshot();
    standIn.cryptoUsd = Object.fromEntries(
      CRYPTO.filter((c) => snapshot.perUsd.has(c.code)).map((c) => [
        c.code,
        new RateDecimal(1).dividedBy(snapshot.perUsd.get(c.code)!).toSignificantDigits(8).toString(),
      ]),
    );
    const config = defaultListAt(standIn.url, '10000');
    redis = new Redis(config.redis.url);
    store = new RatesStore(redis, config.redis.keyPrefix);
    values = new ProviderValuesStore(redis, config.redis.keyPrefix);
    api = await startTestApp(config);
    await clearRecorded(api.app.get(EntityManager));
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    worker.enableShutdownHooks();
    // Every provider runs once at start, in no set order; once more each here, the snapshot first,
    // so Binance's USDT quotes find a USDT rate to rebase on.
    const ingest = ingestWith(worker);
    for (const id of ['bundled-snapshot' as const, ...LIVE]) {
      expect({ id, outcome: (await ingest(id)).outcome }).toEqual({ id, outcome: 'success' });
    }
    const all = await values.loadAll([...LIVE]);
    expect(LIVE.filter((id) => (all.get(id)?.size ?? 0) === 0)).toEqual([]);
  }, 120_000);

  afterAll(async () => {
    // The worker first: its scheduled runs would record again after a clean-up done before.
    await worker?.close();
    if (api) await clearRecorded(api.app.get(EntityManager));
    await api?.close();
    await redis?.quit();
    await standIn?.close();
  });

  it('serves at least 150 of the catalogue fiat and every crypto asset from a live source', async () => {
    // Once each live source's run is merged, the table names a live source for all of them.
    let table = await store.load();
    await until(async () => {
      table = await store.load();
      return CRYPTO.every((c) => table?.provenance.get(c.code)?.source !== 'bundled-snapshot');
    }, 20_000);
    const fromSnapshot = (codes: readonly string[]) =>
      codes.filter((code) => code !== 'USD' && table!.provenance.get(code)?.source === 'bundled-snapshot');
    const fiat = FIAT.map((c) => c.code);
    const uncoveredFiat = fromSnapshot(fiat);
    expect(fiat).toHaveLength(154);
    expect(fiat.length - uncoveredFiat.length).toBeGreaterThanOrEqual(150);
    // The measured figure the docs publish: only the Zimbabwe Gold, which no keyless source lists.
    expect(uncoveredFiat).toEqual(['ZWG']);
    expect(fromSnapshot(CRYPTO.map((c) => c.code))).toEqual([]);
    // Every catalogued asset has a market on some exchange we read.
    expect(CRYPTO.filter((c) => !CRYPTO_MARKETS[c.code])).toEqual([]);
    // Each keyless fiat source wins somewhere or is at least in service.
    const sources = new Set(fiat.map((code) => table!.provenance.get(code)?.source));
    expect(sources.has('coinbase-rates')).toBe(true);
    // ExchangeRate-API is a fallback: it serves only what no other live source lists.
    expect(fiat.filter((code) => table!.provenance.get(code)?.source === 'open-er-api')).toEqual([
      'ERN',
      'SLE',
    ]);
  });

  it('answers through the API from those sources, not the snapshot', async () => {
    const key = await enterpriseKey(api);
    for (const to of ['TWD', 'ARS', 'KWD', 'BTC', 'PEPE']) {
      const res = await request(api.app.getHttpServer())
        .get(`/api/v1/rates/rate?from=USD&to=${to}`)
        .set('X-API-Key', key)
        .expect(200);
      expect({ to, source: res.body.source }).not.toEqual({ to, source: ['bundled-snapshot'] });
    }
  });

  it.each<[ProviderId, string, (standIn: ProviderStandIn, code: string) => void]>([
    [
      'coinbase-rates',
      'CHF',
      (s, code) => {
        s.coinbaseRates = { ...s.coinbaseRates, [code]: String(Number(s.coinbaseRates[code]) * 10) };
      },
    ],
    [
      'open-er-api',
      'CHF',
      (s, code) => {
        s.openErApi = {
          ...s.openErApi,
          rates: { ...s.openErApi.rates, [code]: Number(s.openErApi.rates[code]) * 10 },
        };
      },
    ],
    [
      'frankfurter',
      'CHF',
      (s, code) => {
        const row = s.frankfurterV2[code];
        s.frankfurterV2 = { ...s.frankfurterV2, [code]: { ...row, perUsd: String(Number(row.perUsd) * 10) } };
      },
    ],
  ])(
    'refuses a wild value from %s (%s ten times over) and keeps the last good one',
    async (id, code, wild) => {
      const ingest = ingestWith(worker);
      const before = (await values.load(id)).get(code)!;
      expect(before).toBeDefined();
      const metrics = worker.get(WorkerMetrics).registry;
      const jumps = async () =>
        (await metrics.getSingleMetric('fxrates_rates_rejected_values_total')!.get()).values.find(
          (v) => v.labels.provider === id && v.labels.reason === 'jump',
        )?.value ?? 0;
      const jumpsBefore = await jumps();
      wild(standIn, code);
      const report = await ingest(id);
      expect(report.outcome).toBe('success');
      expect(report.rejected).toBeGreaterThanOrEqual(1);
      expect(await jumps()).toBe(jumpsBefore + 1);
      expect((await values.load(id)).get(code)!.perUsd.toString()).toBe(before.perUsd.toString());
    },
  );
});

/**
 * Offline, the default list fails fast: a refused connection ends each live source's fetch at once
 * (a network failure, not a wait for its timeout), and the snapshot serves, flagged stale.
 */
describe('worker: the default provider list offline', () => {
  let worker: INestApplicationContext;
  let api: TestApp;

  beforeAll(async () => {
    // A port that was free a moment ago and is closed now: every connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    // A minute of timeout: only a fast failure can end the fetches as "network".
    const config = defaultListAt(`http://127.0.0.1:${port}`, '60000');
    api = await startTestApp(config);
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    worker.enableShutdownHooks();
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it('counts each live source as a network failure and serves the snapshot, flagged stale', async () => {
    const ingest = ingestWith(worker);
    for (const id of LIVE) {
      expect({ id, outcome: (await ingest(id)).outcome }).toEqual({ id, outcome: 'failure' });
    }
    const failures = (
      await worker.get(WorkerMetrics).registry.getSingleMetric('fxrates_rates_provider_failures_total')!.get()
    ).values;
    for (const id of LIVE) {
      const byFailure = failures
        .filter((v) => v.labels.provider === id && v.value > 0)
        .map((v) => v.labels.failure);
      expect({ id, failures: [...new Set(byFailure)] }).toEqual({ id, failures: ['network'] });
    }
    expect((await ingest('bundled-snapshot')).outcome).toBe('success');
    const key = await enterpriseKey(api);
    await until(async () => {
      const res = await request(api.app.getHttpServer())
        .get('/api/v1/rates/rate?from=USD&to=EUR')
        .set('X-API-Key', key);
      return res.status === 200;
    }, 10_000);
    for (const to of ['EUR', 'BTC']) {
      const res = await request(api.app.getHttpServer())
        .get(`/api/v1/rates/rate?from=USD&to=${to}`)
        .set('X-API-Key', key)
        .expect(200);
      expect(res.body).toMatchObject({ source: ['bundled-snapshot'], stale: true });
    }
  });
});
