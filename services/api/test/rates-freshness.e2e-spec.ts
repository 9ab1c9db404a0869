import {
  addDays,
  closedDaysBetween,
  createRatesTable,
  lastPublishingDay,
  loadBundledSnapshot,
  RateDecimal,
  RatesStore,
  TARGET_CALENDAR,
  type RateProvenance,
} from '@fxrates/rates';
import request from 'supertest';
import { givenIn } from './support/given';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The freshness fields of /api/v1 answers, from a table whose values come from several providers
 * at several ages. Ages are relative to the real clock, so every expectation below holds on any day.
 */
describe('freshness of /api/v1 answers', () => {
  let t: TestApp;
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const at = (ms: number) => new Date(ms).toISOString();
  const dayOf = (ms: number) => at(ms).slice(0, 10);

  /** ECB's last reference fix before now, stamped 16:00 CET (15:00 UTC) as ECB publishes it. */
  const fixOf = (day: string) => Date.parse(`${day}T15:00:00Z`);
  const publishedToday = lastPublishingDay(TARGET_CALENDAR, today);
  const lastEcbDay =
    fixOf(publishedToday) <= now
      ? publishedToday
      : lastPublishingDay(TARGET_CALENDAR, addDays(publishedToday, -1));
  const ecbIsClosedToday = !TARGET_CALENDAR.publishesOn(today);
  const lastEcbFix = fixOf(lastEcbDay);

  const origins: Record<string, RateProvenance> = {
    // Published on ECB's last publishing day: market closed when today is not one.
    EUR: { source: 'ecb', timestamp: at(lastEcbFix), date: lastEcbDay },
    // Ten days old: no publishing calendar explains that.
    GBP: { source: 'ecb', timestamp: at(now - 10 * DAY), date: dayOf(now - 10 * DAY) },
    // Crypto trades every day: 25 hours is simply old.
    BTC: { source: 'coingecko', timestamp: at(now - 25 * HOUR), date: dayOf(now - 25 * HOUR) },
    // Five minutes old: fresh for every plan but enterprise (1 minute).
    ETH: { source: 'binance', timestamp: at(now - 5 * 60_000), date: dayOf(now - 5 * 60_000) },
    // Thirty seconds old: fresh for every plan.
    SOL: { source: 'coinbase', timestamp: at(now - 30_000), date: dayOf(now - 30_000) },
  };

  async function keyOnPlan(plan: 'free' | 'basic' | 'professional' | 'enterprise') {
    return (await givenIn(t.app).keyOnPlan({ plan, name: plan })).key;
  }
  const v1 = (path: string, key: string) =>
    request(t.app.getHttpServer()).get(`/api/v1${path}`).set('X-API-Key', key).expect(200);

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    const snapshot = loadBundledSnapshot();
    const perUsd = new Map(snapshot.perUsd);
    const provenance = new Map<string, RateProvenance>();
    for (const code of perUsd.keys()) {
      if (code === 'USD') continue;
      provenance.set(code, origins[code] ?? { source: 'oxr', timestamp: at(now), date: today });
    }
    perUsd.set('SOL', perUsd.get('SOL') ?? new RateDecimal('0.005'));
    const table = createRatesTable({ perUsd, provenance });
    await new RatesStore(t.redis, t.config.redis.keyPrefix).publish(table);
    const deadline = Date.now() + 2000;
    const probe = await keyOnPlan('enterprise');
    while ((await v1('/rates/rate?from=USD&to=GBP', probe)).body.source?.[0] !== 'ecb') {
      if (Date.now() > deadline) throw new Error('the API never swapped to the test table');
      await new Promise((r) => setTimeout(r, 25));
    }
  });
  afterAll(() => t.close());

  it("says marketClosed instead of stale for ECB's last fix on a day ECB does not publish", async () => {
    const key = await keyOnPlan('free');
    const res = await v1('/rates/rate?from=USD&to=EUR', key);
    expect(res.body).toMatchObject({ source: ['ecb'], date: lastEcbDay, timestamp: at(lastEcbFix) });
    expect(res.body.marketClosed).toBe(ecbIsClosedToday);
    // The days ECB was closed since its last fix (a weekend on a Monday) do not count towards its age.
    const openAge = now - lastEcbFix - closedDaysBetween(TARGET_CALENDAR, lastEcbDay, today) * DAY;
    expect(res.body.stale).toBe(!ecbIsClosedToday && openAge > DAY);
  });

  it('is stale when a fiat value is older than any publishing calendar explains', async () => {
    const key = await keyOnPlan('free');
    const res = await v1('/rates/rate?from=USD&to=GBP', key);
    expect(res.body).toMatchObject({ source: ['ecb'], stale: true, marketClosed: false });
  });

  it("is stale for crypto older than the plan's promise, whatever the day", async () => {
    const key = await keyOnPlan('basic');
    expect((await v1('/rates/rate?from=USD&to=BTC', key)).body).toMatchObject({
      source: ['coingecko'],
      stale: true,
      marketClosed: false,
    });
  });

  it("applies the caller's plan: five minutes is fresh for professional, stale for enterprise", async () => {
    const professional = await keyOnPlan('professional');
    const enterprise = await keyOnPlan('enterprise');
    expect((await v1('/rates/rate?from=USD&to=ETH', professional)).body.stale).toBe(false);
    expect((await v1('/rates/rate?from=USD&to=ETH', enterprise)).body.stale).toBe(true);
    expect((await v1('/rates/rate?from=USD&to=SOL', enterprise)).body.stale).toBe(false);
  });

  it('names every source an answer involves and dates it by its oldest input', async () => {
    const key = await keyOnPlan('professional');
    const res = await v1('/rates/latest?base=ETH&symbols=SOL,BTC', key);
    expect([...res.body.source].sort()).toEqual(['binance', 'coinbase', 'coingecko']);
    expect(res.body).toMatchObject({ timestamp: origins.BTC.timestamp, date: origins.BTC.date, stale: true });

    const fresh = await v1('/convert?from=ETH&to=SOL&amount=2', key);
    expect([...fresh.body.source].sort()).toEqual(['binance', 'coinbase']);
    expect(fresh.body).toMatchObject({ timestamp: origins.ETH.timestamp, stale: false, marketClosed: false });
  });
});
