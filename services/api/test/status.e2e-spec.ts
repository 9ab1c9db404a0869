import { RATE_PROVIDER_IDS, type StatusHistoryResponse, type StatusResponse } from '@fxrates/domain';
import { SourceAgeSamples, SourceHealthStore } from '@fxrates/rates';
import request from 'supertest';
import { startThrowawayRedis, type ThrowawayRedis } from '../../worker/test/support/throwaway-redis';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const MINUTE = 60_000;
const until = async (what: string, condition: () => Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const maxAgeOf = (cacheControl: string) => Number(/^public, max-age=(\d+)$/.exec(cacheControl)?.[1]);

/** GET /api/v1/status and /status/history: public, unmetered, cached per window, limited per IP. */
describe('GET /api/v1/status', () => {
  let t: TestApp;
  let health: SourceHealthStore;
  // Above what the other tests ask (waiting out a 5 s window polls it ~100 times): their calls must
  // not meet the limit on a slow machine, which the limit's own test then reaches on purpose.
  const limit = 1000;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({
        RATES_PROVIDERS: 'frankfurter,binance,bundled-snapshot',
        RATES_BINANCE_INTERVAL_MS: '10000',
        STATUS_IP_PER_MINUTE: String(limit),
      }),
    );
    await t.app.getHttpAdapter().getInstance().ready();
    health = new SourceHealthStore(t.redis, t.config.redis.keyPrefix);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The answer of the next window (answers are made once per 5 s window). */
  const nextAnswer = async (): Promise<StatusResponse> => {
    const first = await http().get('/api/v1/status').expect(200);
    let body = first.body as StatusResponse;
    await until('a new status window', async () => {
      body = (await http().get('/api/v1/status').expect(200)).body as StatusResponse;
      return body.generatedAt !== (first.body as StatusResponse).generatedAt;
    });
    return body;
  };

  it('answers without a key: each source with its polls, data age and freshness per plan', async () => {
    const now = Date.now();
    const binanceData = now - 30 * MINUTE;
    await health.recordSuccess('binance', now - 20 * MINUTE, {
      timestamp: binanceData,
      date: new Date(binanceData).toISOString().slice(0, 10),
    });
    for (const at of [now - 3 * MINUTE, now - 2 * MINUTE, now - MINUTE]) {
      await health.recordFailure('binance', at, 'network');
    }
    const body = await nextAnswer();
    const generatedAt = Date.parse(body.generatedAt);
    expect(generatedAt % 5000).toBe(0);
    expect(body.sources.map((s) => [s.source, s.enabled])).toEqual([
      ['frankfurter', true],
      ['binance', true],
      ['bundled-snapshot', true],
      ['ecb', false],
      ['oxr', false],
      ['coinbase-rates', false],
      ['open-er-api', false],
      ['coinbase', false],
      ['coingecko', false],
    ]);
    const binance = body.sources.find((s) => s.source === 'binance')!;
    expect(binance).toEqual({
      source: 'binance',
      name: 'Binance',
      kind: 'crypto',
      enabled: true,
      pollIntervalSeconds: 10,
      lastSuccessAt: new Date(now - 20 * MINUTE).toISOString(),
      lastFailureAt: new Date(now - MINUTE).toISOString(),
      consecutiveFailures: 3,
      dataTimestamp: new Date(binanceData).toISOString(),
      ageSeconds: Math.floor((generatedAt - binanceData) / 1000),
      marketClosed: false,
      freshness: [
        { plan: 'free', targetSeconds: 86400, met: true },
        { plan: 'basic', targetSeconds: 3600, met: true },
        { plan: 'professional', targetSeconds: 600, met: false },
        { plan: 'enterprise', targetSeconds: 60, met: false },
      ],
      cadence: { pattern: 'continuous', everySeconds: null, summary: 'Continuous (exchange tickers)' },
      // Due every poll (10 s) since its data, less a minute's grace and a poll: (1800 - 70) / 10.
      missedPublishes: Math.floor((generatedAt - binanceData - 70_000) / 10_000),
    });
    // Never polled successfully: no age, no plan met.
    const frankfurter = body.sources.find((s) => s.source === 'frankfurter')!;
    expect(frankfurter).toMatchObject({ lastSuccessAt: null, ageSeconds: null, consecutiveFailures: 0 });
    expect(frankfurter.freshness.map((f) => f.met)).toEqual([false, false, false, false]);
    const ecb = body.sources.find((s) => s.source === 'ecb')!;
    expect(ecb).toMatchObject({ enabled: false, pollIntervalSeconds: null, freshness: [] });
  });

  it('consumes no quota of a key sent with it', async () => {
    const { free } = await keysOnPlans(t.app, ['free']);
    const used = async () =>
      ((await http().get('/api/v1/usage').set('X-API-Key', free).expect(200)).body as { used: number }).used;
    const before = await used();
    for (let i = 0; i < 3; i++) await http().get('/api/v1/status').set('X-API-Key', free).expect(200);
    expect(await used()).toBe(before);
    const res = await http().get('/api/v1/status').set('X-API-Key', free).expect(200);
    expect(res.headers['ratelimit']).toBeUndefined();
    expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
  });

  it('gives one strong ETag per window, a 304 for it, and compresses like the other /api/v1 answers', async () => {
    const first = await http().get('/api/v1/status').set('Accept-Encoding', 'identity').expect(200);
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['vary']).toBe('Accept-Encoding');
    const maxAge = maxAgeOf(first.headers['cache-control'] as string);
    expect(maxAge).toBeGreaterThanOrEqual(1);
    expect(maxAge).toBeLessThanOrEqual(5);

    const again = await http().get('/api/v1/status').set('Accept-Encoding', 'identity');
    if (again.body.generatedAt === first.body.generatedAt) expect(again.headers['etag']).toBe(etag);

    const current = await http().get('/api/v1/status').set('Accept-Encoding', 'identity').expect(200);
    const notModified = await http()
      .get('/api/v1/status')
      .set('If-None-Match', current.headers['etag'] as string)
      .set('Accept-Encoding', 'identity');
    // Made in the same window (5 s) unless the window just turned; a new window's body may differ.
    if (notModified.status === 304) {
      expect(notModified.text).toBe('');
      expect(notModified.headers['etag']).toBe(current.headers['etag']);
      expect(notModified.headers['cache-control']).toMatch(/^public, max-age=\d$/);
    } else {
      expect(notModified.status).toBe(200);
      expect(notModified.body.generatedAt).not.toBe(current.body.generatedAt);
    }

    // supertest decodes the gzip it asked for: the headers say what was sent.
    const gzipped = await http().get('/api/v1/status').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['etag']).toMatch(/-gz"$/);
    const decoded = gzipped.body as StatusResponse;
    expect(decoded.sources).toHaveLength(RATE_PROVIDER_IDS.length);
  });

  it('is served the same before Fastify and through it (a browser call with Origin, CORS)', async () => {
    const res = await http().get('/api/v1/status').set('Origin', 'http://localhost:3000').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect((res.body as StatusResponse).sources).toHaveLength(RATE_PROVIDER_IDS.length);
  });

  it('refuses an unknown parameter, so a cache-busting query cannot make it anew', async () => {
    const res = await http().get('/api/v1/status?nocache=1').expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('validation-failed');
  });

  it("gives each enabled source's ages over 24 hours in 5-minute steps, the oldest of each step", async () => {
    const samples = new SourceAgeSamples(t.redis, t.config.redis.keyPrefix);
    const now = Date.now();
    await samples.record(new Map([['binance', 40]]), now - 2 * MINUTE, MINUTE);
    await samples.record(new Map([['binance', 100]]), now - 3 * MINUTE, MINUTE);
    await samples.record(new Map([['binance', 7_000]]), now - 6 * 3_600_000, MINUTE);
    const res = await http().get('/api/v1/status/history').expect(200);
    const body = res.body as StatusHistoryResponse;
    expect(body.stepSeconds).toBe(300);
    expect(body.sources.map((s) => s.source)).toEqual(['frankfurter', 'binance', 'bundled-snapshot']);
    const ages = body.sources.find((s) => s.source === 'binance')!.ages;
    expect(ages).toHaveLength(288);
    const stepOf = (at: number) => Math.floor((at - Date.parse(body.from)) / 300_000);
    const generated = Date.parse(body.generatedAt);
    expect(generated % MINUTE).toBe(0);
    // Samples after the answer's minute come in the next one.
    if (now - 2 * MINUTE < generated) {
      const recent = ages[stepOf(now - 2 * MINUTE)];
      expect([40, 100]).toContain(recent);
      if (stepOf(now - 2 * MINUTE) === stepOf(now - 3 * MINUTE)) expect(recent).toBe(100);
    }
    expect(ages[stepOf(now - 6 * 3_600_000)]).toBe(7_000);
    expect(ages.filter((a) => a !== null).length).toBeLessThanOrEqual(3);
    expect(body.sources.find((s) => s.source === 'frankfurter')!.ages.every((a) => a === null)).toBe(true);
    expect(maxAgeOf(res.headers['cache-control'] as string)).toBeLessThanOrEqual(60);
    expect(res.headers['etag']).toMatch(/^"/);
  });

  it('limits each IP, with Retry-After, whatever the key', async () => {
    let refused: request.Response | undefined;
    for (let i = 0; i <= limit && !refused; i++) {
      const res = await http().get('/api/v1/status');
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused?.body.code).toBe('rate-limited');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

// Waits out a 5 s answer window and Redis's reconnection; a busy machine takes seconds.
jest.setTimeout(60_000);

describe('GET /api/v1/status while Redis is down', () => {
  let redis: ThrowawayRedis;
  let t: TestApp;
  let base: string;
  const call = (path: string) => fetch(`${base}${path}`, { signal: AbortSignal.timeout(5_000) });

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    t = await startTestApp(testConfig({ REDIS_URL: redis.url }));
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as { port: number };
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await t?.app.close();
    t?.redis.disconnect();
    await redis?.stop();
  });

  it('answers 503 service-unavailable with Retry-After, never a 500, and recovers with Redis', async () => {
    expect((await call('/api/v1/status')).status).toBe(200);
    await redis.kill();
    let down: Response | undefined;
    await until('a 503 once the window that Redis answered ends', async () => {
      const res = await call('/api/v1/status');
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) down = res;
      return res.status === 503;
    });
    expect(down!.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(down!.headers.get('retry-after')).toBe('5');
    const problem = (await down!.json()) as { code: string; status: number; message: string };
    expect(problem).toMatchObject({ code: 'service-unavailable', status: 503 });
    expect(problem.message).toMatch(/status of the rates sources cannot be read/);
    const history = await call('/api/v1/status/history');
    expect([200, 503]).toContain(history.status);

    await redis.start();
    await until(
      'a 200 once Redis is back',
      async () => (await call('/api/v1/status')).status === 200,
      30_000,
    );
  });
});
