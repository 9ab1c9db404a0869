import { CURRENCIES, RATE_PROVIDER_IDS, type StatusResponse } from '@fxrates/domain';
import {
  createRatesTable,
  ecbFixInstant,
  loadBundledSnapshot,
  RateDecimal,
  RatesStore,
  SourceHealthStore,
  TARGET_CALENDAR,
  addDays,
  type RateProvenance,
  type RatesTable,
} from '@fxrates/rates';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number) => iso(ms).slice(0, 10);

const until = async <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * GET /api/v1/status, its currencies and its sources' cadence: every currency of the catalogue with the
 * source and age of its rate in service, and each source's publications missed, from what the worker
 * recorded of its polls.
 */
describe('GET /api/v1/status: every currency and each source cadence', () => {
  let t: TestApp;
  let health: SourceHealthStore;
  const http = () => request(t.app.getHttpServer());
  const status = async () => (await http().get('/api/v1/status').expect(200)).body as StatusResponse;
  const start = Date.now();
  // ECB's fix of yesterday (or before): whatever day the test runs, one of its last fixes.
  const ecbDay = (() => {
    let day = addDays(dayOf(start), -1);
    while (!TARGET_CALENDAR.publishesOn(day)) day = addDays(day, -1);
    return day;
  })();
  const ecbOrigin: RateProvenance = { source: 'ecb', timestamp: ecbFixInstant(ecbDay), date: ecbDay };
  const binanceOrigin: RateProvenance = {
    source: 'binance',
    timestamp: iso(start - 90 * SECOND),
    date: dayOf(start - 90 * SECOND),
  };
  // A currency no source has a rate for: listed all the same, with no source.
  const unrated = 'YER';

  function tableWith(origins: Record<string, RateProvenance>): RatesTable {
    const snapshot = loadBundledSnapshot();
    const perUsd = new Map(snapshot.perUsd);
    perUsd.delete(unrated);
    perUsd.set('BTC', perUsd.get('BTC') ?? new RateDecimal('0.00001'));
    const provenance = new Map<string, RateProvenance>();
    for (const code of perUsd.keys()) {
      if (code === 'USD') continue;
      provenance.set(code, origins[code] ?? snapshot.provenance.get(code)!);
    }
    return createRatesTable({ perUsd, provenance });
  }

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({
        RATES_PROVIDERS: 'ecb,binance,bundled-snapshot',
        RATES_ECB_INTERVAL_MS: String(30 * MINUTE),
        RATES_BINANCE_INTERVAL_MS: '10000',
      }),
    );
    await t.app.getHttpAdapter().getInstance().ready();
    health = new SourceHealthStore(t.redis, t.config.redis.keyPrefix);
    const table = tableWith({ EUR: ecbOrigin, GBP: ecbOrigin, BTC: binanceOrigin, ETH: binanceOrigin });
    expect(await new RatesStore(t.redis, t.config.redis.keyPrefix).publish(table)).toBe(true);
    await until('the API to serve the test table', status, (body) =>
      body.currencies.some((c) => c.code === 'EUR' && c.source === 'ecb'),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every currency of the catalogue, in its order, with the source and age of its rate', async () => {
    const body = await status();
    const generatedAt = Date.parse(body.generatedAt);
    expect(body.pivot).toBe('USD');
    expect(body.currencies.map((c) => c.code)).toEqual(CURRENCIES.map((c) => c.code));
    expect(body.currencies.map((c) => [c.name, c.type])).toEqual(CURRENCIES.map((c) => [c.name, c.type]));

    const row = (code: string) => body.currencies.find((c) => c.code === code)!;
    expect(row('EUR')).toEqual({
      code: 'EUR',
      name: 'Euro',
      type: 'fiat',
      source: 'ecb',
      timestamp: ecbOrigin.timestamp,
      date: ecbDay,
      ageSeconds: Math.floor((generatedAt - Date.parse(ecbOrigin.timestamp)) / 1000),
      stale: expect.any(Boolean) as unknown as boolean,
      marketClosed: expect.any(Boolean) as unknown as boolean,
    });
    expect(row('BTC')).toEqual({
      code: 'BTC',
      name: 'Bitcoin',
      type: 'crypto',
      source: 'binance',
      timestamp: binanceOrigin.timestamp,
      date: binanceOrigin.date,
      ageSeconds: Math.floor((generatedAt - Date.parse(binanceOrigin.timestamp)) / 1000),
      stale: false,
      marketClosed: false,
    });
    // The pivot and a currency nobody rates: listed, with no source and no age.
    for (const code of ['USD', unrated]) {
      expect(row(code)).toMatchObject({ source: null, timestamp: null, ageSeconds: null, stale: false });
    }
    // The rest comes from the snapshot, dated weeks back: stale, as every rates answer says.
    const snapshotRows = body.currencies.filter((c) => c.source === 'bundled-snapshot');
    expect(snapshotRows.length).toBeGreaterThan(100);
    for (const snapshotRow of snapshotRows) {
      expect(snapshotRow.stale).toBe(true);
      expect(snapshotRow.ageSeconds).toBeGreaterThan(DAY / 1000);
    }
    // Every currency with a rate says where it comes from and how old it is.
    for (const currency of body.currencies) {
      if (currency.code === 'USD' || currency.code === unrated) continue;
      expect(currency.source).not.toBeNull();
      expect(currency.ageSeconds).toBeGreaterThanOrEqual(0);
    }
  });

  it('answers a new rates table at once, not at the end of the answer window', async () => {
    const before = await status();
    const moved: RateProvenance = {
      source: 'coinbase',
      timestamp: iso(Date.now() - 5 * SECOND),
      date: dayOf(Date.now()),
    };
    const table = tableWith({ EUR: ecbOrigin, GBP: ecbOrigin, BTC: moved, ETH: binanceOrigin });
    expect(await new RatesStore(t.redis, t.config.redis.keyPrefix).publish(table)).toBe(true);
    const after = await until('the new table in the status', status, (body) =>
      body.currencies.some((c) => c.code === 'BTC' && c.source === 'coinbase'),
    );
    expect(after.currencies.find((c) => c.code === 'ETH')?.source).toBe('binance');
    // Within the window the old answer was made in, the new table is answered all the same.
    if (after.generatedAt === before.generatedAt) {
      expect(before.currencies.find((c) => c.code === 'BTC')?.source).toBe('binance');
    }
  });

  it("gives each source's cadence and the publications it missed, from its recorded polls", async () => {
    const now = Date.now();
    // Binance, polled every 10 s, last gave data 20 minutes ago and has failed since.
    const binanceData = now - 20 * MINUTE;
    await health.recordSuccess('binance', binanceData, { timestamp: binanceData, date: dayOf(binanceData) });
    for (const at of [now - 2 * MINUTE, now - MINUTE]) await health.recordFailure('binance', at, 'network');
    // The ECB last published a month ago: only the last 7 days' fixes count as missed.
    const ecbOld = addDays(dayOf(now), -30);
    const ecbOldFix = Date.parse(ecbFixInstant(ecbOld));
    await health.recordSuccess('ecb', now - 10 * MINUTE, { timestamp: ecbOldFix, date: ecbOld });
    // The snapshot, dated weeks back, is fixed: it misses nothing.
    await health.recordSuccess('bundled-snapshot', now - 5 * MINUTE, {
      timestamp: ecbOldFix,
      date: ecbOld,
    });

    const body = await until(
      'an answer made after the polls were recorded',
      status,
      (answer) => Date.parse(answer.generatedAt) >= now,
    );
    const generatedAt = Date.parse(body.generatedAt);
    const source = (id: string) => body.sources.find((s) => s.source === id)!;
    expect(body.sources.map((s) => s.source).sort()).toEqual([...RATE_PROVIDER_IDS].sort());

    // Due every poll (10 s) after its data, counted once grace (60 s) and a poll have passed.
    expect(source('binance')).toMatchObject({
      cadence: { pattern: 'continuous', everySeconds: null },
      consecutiveFailures: 2,
      missedPublishes: Math.floor((generatedAt - binanceData - 70 * SECOND) / (10 * SECOND)),
    });
    expect(source('binance').missedPublishes).toBeGreaterThanOrEqual(110);

    // Each TARGET business day of the last 7 days whose 16:00 CET fix is 2.5 h past (grace, a poll).
    let expectedEcb = 0;
    for (let day = addDays(dayOf(generatedAt), -8); day <= dayOf(generatedAt); day = addDays(day, 1)) {
      const due = Date.parse(ecbFixInstant(day));
      if (
        TARGET_CALENDAR.publishesOn(day) &&
        due > generatedAt - 7 * DAY &&
        due <= generatedAt - 2.5 * HOUR
      ) {
        expectedEcb += 1;
      }
    }
    expect(source('ecb')).toMatchObject({
      cadence: {
        pattern: 'business-days',
        everySeconds: 86400,
        summary: 'Daily on TARGET business days, about 16:00 CET',
      },
      consecutiveFailures: 0,
      missedPublishes: expectedEcb,
    });
    expect(expectedEcb).toBeGreaterThanOrEqual(4);

    expect(source('bundled-snapshot')).toMatchObject({ cadence: { pattern: 'fixed' }, missedPublishes: 0 });
    // A disabled source has a cadence but nothing is expected of it here.
    expect(source('coingecko')).toMatchObject({
      enabled: false,
      cadence: { pattern: 'periodic', everySeconds: 60, summary: 'About every minute' },
      missedPublishes: null,
    });
  });

  it('reports nothing missed by a source polled on time, and unknown for one that never gave data', async () => {
    const now = Date.now();
    const fresh = now - 15 * SECOND;
    await health.recordSuccess('binance', fresh, { timestamp: fresh, date: dayOf(fresh) });
    const body = await until(
      'an answer made after the poll',
      status,
      (answer) => Date.parse(answer.generatedAt) >= now,
    );
    expect(body.sources.find((s) => s.source === 'binance')).toMatchObject({
      consecutiveFailures: 0,
      missedPublishes: 0,
    });
    const other = await startTestApp(testConfig({ RATES_PROVIDERS: 'coingecko,bundled-snapshot' }));
    try {
      await other.app.getHttpAdapter().getInstance().ready();
      const res = await request(other.app.getHttpServer()).get('/api/v1/status').expect(200);
      const coingecko = (res.body as StatusResponse).sources.find((s) => s.source === 'coingecko');
      expect(coingecko).toMatchObject({ enabled: true, lastSuccessAt: null, missedPublishes: null });
    } finally {
      await other.close();
    }
  });

  it('stays a compact answer for ~450 currencies: compressed for a browser', async () => {
    const res = await http().get('/api/v1/status').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect((res.body as StatusResponse).currencies).toHaveLength(CURRENCIES.length);
  });
});

jest.setTimeout(60_000);
