import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JOBS } from '@fxrates/queues';
import { ClosesImportRepository } from '@fxrates/db';
import { ProviderValuesStore, RatesStore, type ProviderId } from '@fxrates/rates';
import { Redis } from 'ioredis';
import type { Client } from 'pg';
import request from 'supertest';
import {
  ProviderStandIn,
  sample,
  type StandInFault,
  type StandInRoute,
} from '../../../libs/rates/testing/provider-stand-in';
import { CurrentRates } from '../../api/src/modules/current-rates';
import { givenIn } from '../../api/test/support/given';
import { startTestApp, type TestApp } from '../../api/test/test-app';
import { testConfig } from '../../api/test/test-config';
import type { IngestReport } from '../src/rates/rates-ingestion';
import { RatesIngestWorkers } from '../src/rates/rates-ingest-workers';
import { WorkerModule } from '../src/worker.module';
import { connectTestDatabase, storedCloses } from './support/history-rows';
import { until } from './support/waiting';

/** Each provider's timeout: how long one ingest may wait for it, all its requests together. */
const TIMEOUT_MS = 1500;
/** The enterprise plan's freshness promise. */
const PROMISE_MS = 60_000;
/**
 * How long the API instance may take to serve a table the worker announced. It never polls for
 * tables: only the announcement brings one, so serving it at all proves the announcement. The
 * deadline only ends a broken run, long enough that a slow machine never fails a working one.
 */
const ANNOUNCED_TABLE_DEADLINE_MS = 20_000;
// Currencies no other test records in rate_history, which is shared and now a reference too.
const FIAT = 'SEK,NOK,DKK';
const CRYPTO = 'SOL,ADA';

type Faulty = Extract<ProviderId, 'oxr' | 'coinbase'>;
const ROUTES: Record<Faulty, StandInRoute> = { oxr: '/api/latest.json', coinbase: '/products/' };

const ok = (body: unknown): StandInFault => ({
  status: 200,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const unixNow = () => Math.floor(Date.now() / 1000);
/** A fault of every request to the route. */
const every =
  (fault: StandInFault) =>
  (standIn: ProviderStandIn, route: StandInRoute): void =>
    standIn.fault(route, fault);
/** Open Exchange Rates now at `rates`. */
const oxrRates = (rates: Record<string, unknown>) => (standIn: ProviderStandIn) => {
  standIn.oxr = { timestamp: unixNow(), rates };
};
/** Coinbase's market now at `price` for the assets it had (others stay unknown products). */
const coinbasePrice = (price: string) => (standIn: ProviderStandIn) => {
  standIn.cryptoUsd = { SOL: price, ADA: price };
  standIn.cryptoTime = new Date().toISOString();
};

type Arrange = (standIn: ProviderStandIn, route: StandInRoute) => void;

/** Faults a provider can answer with; none may bring a value into service. */
const GARBAGE: Array<[Faulty, string, Arrange]> = [
  ['oxr', 'accepts the request and never answers', every('hang')],
  ['oxr', 'sends its headers and stalls the body', every('stall-body')],
  ['oxr', 'answers an HTML page with a 200', every('garbage')],
  [
    'oxr',
    'answers truncated JSON',
    (s, r) => s.fault(r, ok(`{"timestamp":${unixNow()},"base":"USD","rates":{"SEK":10.5`)),
  ],
  [
    'oxr',
    'answers a bare NaN',
    (s, r) => s.fault(r, ok(`{"timestamp":${unixNow()},"base":"USD","rates":{"SEK":NaN}}`)),
  ],
  ['oxr', 'answers its error body with a 200', every(ok(sample('oxr-error-401.json')))],
  ['oxr', 'answers a rate of 0', oxrRates({ SEK: 0, NOK: 0, DKK: 0 })],
  ['oxr', 'answers negative rates', oxrRates({ SEK: -10.5, NOK: -10.8, DKK: -6.9 })],
  ['oxr', 'answers "NaN"', oxrRates({ SEK: 'NaN', NOK: 'NaN', DKK: 'NaN' })],
  ['oxr', 'answers 1e308', oxrRates({ SEK: 1e308, NOK: 1e308, DKK: 1e308 })],
  ['oxr', 'answers only a currency we do not know', oxrRates({ XQQ: 1.5, ZZZ: 2 })],
  ['oxr', 'answers wildly jumped rates', oxrRates({ SEK: 1050, NOK: 0.108, DKK: 690 })],
  ['coinbase', 'accepts every request and never answers', every('hang')],
  ['coinbase', 'sends its headers and stalls the body', every('stall-body')],
  ['coinbase', 'answers an HTML page with a 200', every('garbage')],
  ['coinbase', 'answers truncated JSON', every(ok('{"price":"8'))],
  ['coinbase', 'answers its 404 body with a 200', every(ok(sample('coinbase-error-404.json')))],
  ['coinbase', 'answers a price of 0', coinbasePrice('0')],
  ['coinbase', 'answers a negative price', coinbasePrice('-150')],
  ['coinbase', 'answers "NaN"', coinbasePrice('NaN')],
  ['coinbase', 'answers 1e308', coinbasePrice('1e308')],
  ['coinbase', 'answers a price 100 times the last', coinbasePrice('15000')],
];

/**
 * Providers that hang or answer garbage, end to end: the worker ingests Open Exchange Rates and
 * Coinbase from the stand-in, an API instance serves an enterprise key (a freshness promise of one
 * minute). No fault brings a value into Redis or rate_history or changes an answer; a hang ends its
 * job within the provider's timeout and holds up no other ingest; once the last good values are
 * older than the promise they are still served, with `stale: true`; a recovered provider clears it.
 */
describe('worker: rates from a provider that hangs or answers garbage', () => {
  let standIn: ProviderStandIn;
  let worker: INestApplicationContext;
  let api: TestApp;
  let redis: Redis;
  let db: Client;
  let values: ProviderValuesStore;
  let store: RatesStore;
  let key: string;
  let keyPrefix: string;
  /** When the first good values were observed, by the providers' own clocks. */
  const firstObservedAt = Date.now() - 30_000;

  const queueOf = (provider: ProviderId) => worker.get(RatesIngestWorkers).queueOf(provider);
  const ingest = async (provider: ProviderId): Promise<IngestReport> => {
    const queue = queueOf(provider);
    const job = await queue.add(JOBS.ingestRates, { trigger: 'manual' });
    let done: Awaited<ReturnType<typeof queue.getJob>>;
    await until(async () => {
      done = await queue.getJob(job.id!);
      if (done?.failedReason) throw new Error(done.failedReason);
      return done?.returnvalue != null;
    }, 15_000);
    return done!.returnvalue as IngestReport;
  };
  const latest = (symbols: string) =>
    request(api.app.getHttpServer())
      .get(`/api/v1/rates/latest?base=USD&symbols=${symbols}`)
      .set('X-API-Key', key)
      .expect(200)
      .then(
        (res) =>
          res.body as { source: string[]; timestamp: string; stale: boolean; rates: Record<string, number> },
      );
  /** Everything a fault could have changed: the values kept, the table in service, history, answers. */
  const inService = async () => ({
    oxr: Object.fromEntries(await values.load('oxr')),
    coinbase: Object.fromEntries(await values.load('coinbase')),
    table: (await store.load())?.version,
    history: [...(await storedCloses(db, 'oxr')), ...(await storedCloses(db, 'coinbase'))],
    fiat: (await latest(FIAT)).rates,
    crypto: (await latest(CRYPTO)).rates,
  });
  let lastGood: Awaited<ReturnType<typeof inService>>;

  const clearHistory = () => new ClosesImportRepository(db).deleteCloses({ sources: ['oxr', 'coinbase'] });

  /** The first good market again: a rerun of it is not newer than what is kept, so it changes nothing. */
  const restoreMarket = () => {
    standIn.oxr = {
      timestamp: Math.floor(firstObservedAt / 1000),
      rates: { SEK: 10.5, NOK: 10.8, DKK: 6.9 },
    };
    standIn.cryptoUsd = { SOL: '150', ADA: '0.5' };
    standIn.cryptoTime = new Date(firstObservedAt).toISOString();
  };

  beforeAll(async () => {
    standIn = await ProviderStandIn.start();
    restoreMarket();
    db = await connectTestDatabase();
    await clearHistory();
    const config = testConfig({
      RATES_PROVIDERS: 'oxr,coinbase',
      RATES_OXR_APP_ID: standIn.oxrAppId,
      ...Object.fromEntries(
        ['OXR', 'COINBASE'].flatMap((p) => [
          [`RATES_${p}_URL`, standIn.url],
          [`RATES_${p}_INTERVAL_MS`, '600000'],
          [`RATES_${p}_TIMEOUT_MS`, String(TIMEOUT_MS)],
        ]),
      ),
      RATES_INGEST_INTERVAL_MS: '600000',
    });
    keyPrefix = config.redis.keyPrefix;
    redis = new Redis(config.redis.url);
    values = new ProviderValuesStore(redis, config.redis.keyPrefix);
    store = new RatesStore(redis, config.redis.keyPrefix);
    api = await startTestApp(config);
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    worker.enableShutdownHooks();

    ({ key } = await givenIn(api.app).keyOnPlan({ plan: 'enterprise', name: 'provider faults' }));

    // Both providers run once at start; until both have, a currency of the other answers 503
    // rate-unavailable (nothing is made up for it).
    const served = (symbols: string, source: string) =>
      request(api.app.getHttpServer())
        .get(`/api/v1/rates/latest?base=USD&symbols=${symbols}`)
        .set('X-API-Key', key)
        .then((res) => res.status === 200 && (res.body.source as string[]).join() === source);
    // A bound on a loaded machine (both workers start with every other suite running), not a speed.
    // A start-up run that outlasted the short timeout there is run again: hangs are later tests' subject.
    let rerunAt = Date.now() + 5_000;
    await until(async () => {
      if ((await served(FIAT, 'oxr')) && (await served(CRYPTO, 'coinbase'))) return true;
      if (Date.now() > rerunAt) {
        rerunAt = Date.now() + 5_000;
        for (const provider of ['oxr', 'coinbase'] as const)
          await queueOf(provider).add(JOBS.ingestRates, { trigger: 'manual' });
      }
      return false;
    }, 60_000);
    lastGood = await inService();
  }, 90_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await redis?.quit();
    if (db) {
      await clearHistory();
      await db.end();
    }
    await standIn?.close();
  });

  it('serves the first good values as fresh', async () => {
    expect(lastGood.fiat).toEqual({ SEK: 10.5, NOK: 10.8, DKK: 6.9 });
    expect(lastGood.crypto).toEqual({ SOL: 0.006666666667, ADA: 2 });
    expect(lastGood.history).toEqual(
      expect.arrayContaining([expect.stringMatching(/ SEK 10\.5$/), expect.stringMatching(/ ADA 2$/)]),
    );
    for (const symbols of [FIAT, CRYPTO]) expect((await latest(symbols)).stale).toBe(false);
  });

  it.each(GARBAGE)(
    'changes nothing when %s %s',
    async (provider, _label, arrange) => {
      arrange(standIn, ROUTES[provider]);
      try {
        const report = await ingest(provider);
        // A hang or a stalled body never ends on its own: the report itself proves the provider's
        // timeout ended the job (no clock read, so a busy machine cannot fail it).
        expect(report).toMatchObject({ accepted: 0, published: false });
      } finally {
        standIn.fault(ROUTES[provider], null);
        restoreMarket();
      }
      expect(await inService()).toEqual(lastGood);
    },
    10_000,
  );

  it('ends a Coinbase ingest at its timeout when every ticker answers slowly but within it', async () => {
    // Each request alone keeps the timeout; the assets, asked three at a time, together do not.
    standIn.fault(ROUTES.coinbase, {
      status: 200,
      body: JSON.stringify({ price: '150', time: new Date().toISOString() }),
      delayMs: TIMEOUT_MS * 0.6,
    });
    try {
      // Every ticker answers 200 within its own timeout: only the deadline of the whole ingest can make
      // it a failure with nothing accepted.
      const report = await ingest('coinbase');
      expect(report).toMatchObject({ outcome: 'failure', accepted: 0 });
    } finally {
      standIn.fault(ROUTES.coinbase, null);
    }
    expect(await inService()).toEqual(lastGood);
  }, 15_000);

  it('holds up neither the other provider nor its own next run while a provider hangs', async () => {
    standIn.fault(ROUTES.oxr, 'hang');
    const oxr = queueOf('oxr');
    const asked = standIn.requestsTo(ROUTES.oxr).length;
    const hanging = await oxr.add(JOBS.ingestRates, { trigger: 'manual' });
    const next = await oxr.add(JOBS.ingestRates, { trigger: 'manual' });
    await until(() => standIn.requestsTo(ROUTES.oxr).length > asked, 5000);
    // That request stays unanswered; the ones after it are answered again.
    standIn.fault(ROUTES.oxr, null);
    expect(await ingest('coinbase')).toMatchObject({ outcome: 'success' });
    expect((await oxr.getJob(hanging.id!))?.finishedOn).toBeUndefined();
    // The run queued behind the hanging one gets its turn once that one gives up, and succeeds.
    await until(async () => (await oxr.getJob(next.id!))?.returnvalue != null, TIMEOUT_MS + 5000);
    expect((await oxr.getJob(hanging.id!))?.returnvalue).toMatchObject({ outcome: 'failure' });
    expect((await oxr.getJob(next.id!))?.returnvalue).toMatchObject({ outcome: 'success' });
    // The stand-in still serves the first values: a rerun of them changes nothing.
    expect(await inService()).toEqual(lastGood);
  }, 15_000);

  it(
    'keeps serving the last good values, the same numbers, with stale set once past the promise',
    async () => {
      standIn.fault(ROUTES.oxr, 'garbage');
      standIn.fault(ROUTES.coinbase, 'hang');
      try {
        // Wait out the promise with the providers still failing.
        await until(() => Date.now() > firstObservedAt + PROMISE_MS + 500, PROMISE_MS);
        expect(await ingest('oxr')).toMatchObject({ outcome: 'failure' });
        expect(await ingest('coinbase')).toMatchObject({ outcome: 'failure' });
        for (const [symbols, rates, source] of [
          [FIAT, lastGood.fiat, ['oxr']],
          [CRYPTO, lastGood.crypto, ['coinbase']],
        ] as const) {
          const answer = await latest(symbols);
          expect(answer).toMatchObject({ stale: true, source, rates });
          expect(Date.parse(answer.timestamp)).toBeLessThanOrEqual(firstObservedAt);
        }
        expect(await inService()).toEqual(lastGood);
      } finally {
        standIn.fault(ROUTES.oxr, null);
        standIn.fault(ROUTES.coinbase, null);
      }
    },
    PROMISE_MS + 30_000,
  );

  it('serves fresh rates, not stale, once the providers recover', async () => {
    standIn.oxr = { timestamp: unixNow(), rates: { SEK: 10.6, NOK: 10.7, DKK: 6.95 } };
    standIn.cryptoUsd = { SOL: '160', ADA: '0.4' };
    standIn.cryptoTime = new Date().toISOString();
    expect(await ingest('oxr')).toMatchObject({ outcome: 'success', accepted: 3, published: true });
    expect(await ingest('coinbase')).toMatchObject({ outcome: 'success', accepted: 2, published: true });
    await until(async () => (await latest(FIAT)).rates.SEK === 10.6, ANNOUNCED_TABLE_DEADLINE_MS);
    expect(await latest(FIAT)).toMatchObject({ stale: false, rates: { SEK: 10.6, NOK: 10.7, DKK: 6.95 } });
    await until(async () => !(await latest(CRYPTO)).stale, ANNOUNCED_TABLE_DEADLINE_MS);
    const crypto = (await latest(CRYPTO)).rates;
    expect(crypto).toEqual({ SOL: 0.00625, ADA: 2.5 });
    expect(await storedCloses(db, 'oxr')).toEqual(
      expect.arrayContaining([expect.stringMatching(/ SEK 10\.6$/)]),
    );
  }, 60_000);

  it('judges a wild value against rate_history, and keeps the last good ones, when Redis has lost them', async () => {
    const before = await inService();
    const keptBefore = await values.load('oxr');
    // What a FLUSHDB or a failover without persistence leaves: no kept values, no table in service.
    await redis.del(`${keyPrefix}rates:provider:oxr`, store.latestKey);
    standIn.oxr = { timestamp: unixNow(), rates: { SEK: 1060, NOK: 0.107, DKK: 695 } };
    expect(await ingest('oxr')).toMatchObject({ outcome: 'success', accepted: 0, rejected: 3 });
    // The last good values come back from rate_history, and the table published keeps serving them.
    expect(await values.load('oxr')).toEqual(keptBefore);
    const table = (await store.load())!;
    expect(table.provenance.get('SEK')?.source).toBe('oxr');
    expect(table.perUsd.get('SEK')!.toString()).toBe('10.6');
    await until(
      () => api.app.get(CurrentRates).current.version === table.version,
      ANNOUNCED_TABLE_DEADLINE_MS,
    );
    expect({ ...(await inService()), table: before.table }).toEqual(before);

    // A value in line with the recorded ones is believed at once.
    standIn.oxr = { timestamp: unixNow(), rates: { SEK: 10.65, NOK: 10.75, DKK: 6.97 } };
    expect(await ingest('oxr')).toMatchObject({ outcome: 'success', accepted: 3, published: true });
    await until(async () => (await latest(FIAT)).rates.SEK === 10.65, ANNOUNCED_TABLE_DEADLINE_MS);
  }, 60_000);
});
