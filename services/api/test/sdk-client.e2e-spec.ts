import {
  createFxRatesClient,
  FxRatesConnectionError,
  FxRatesError,
  isFxRatesError,
  type FxRatesClientOptions,
} from '@fxrates/sdk';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { signedInUser } from './support/signed-in';
import { seedHistory, SEEDED_CLOSES } from './support/history-seed';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** One attempt the SDK made, as its fetch saw it. */
interface Attempt {
  url: string;
  status: number | 'error';
  retryAfter: string | null;
  at: number;
}

/**
 * @fxrates/sdk against the real API over real HTTP (Fastify on a loopback port, PostgreSQL, Redis):
 * each public operation with a key of a plan that may call it, its problems as typed errors, the
 * rate-limit headers, and the retries a real 429 asks for.
 */
describe('@fxrates/sdk against the live API', () => {
  let t: TestApp;
  let baseUrl: string;
  let keys: Record<'free' | 'professional', string>;

  /** A client whose every attempt is recorded. */
  function client(apiKey: string, options: Partial<FxRatesClientOptions> = {}) {
    const attempts: Attempt[] = [];
    const sdk = createFxRatesClient({
      apiKey,
      baseUrl,
      ...options,
      fetch: async (req) => {
        try {
          const res = await fetch(req);
          attempts.push({
            url: req.url,
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            at: Date.now(),
          });
          return res;
        } catch (error) {
          attempts.push({ url: req.url, status: 'error', retryAfter: null, at: Date.now() });
          throw error;
        }
      },
    });
    return { sdk, attempts };
  }

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    await seedHistory(t);
    keys = await keysOnPlans(t.app, ['free', 'professional'] as const);
  });
  afterAll(() => t.close());

  describe('answers every public operation, typed from the document', () => {
    it('latest: the table, its request id and the key’s limits', async () => {
      const { sdk, attempts } = client(keys.free);
      const res = await sdk.latest({ base: 'USD', symbols: ['EUR', 'GBP'] });
      expect(res.status).toBe(200);
      expect(res.data.base).toBe('USD');
      expect(Object.keys(res.data.rates).sort()).toEqual(['EUR', 'GBP']);
      expect(typeof res.data.rates.EUR).toBe('number');
      // The list went out comma-separated, as the document declares it (explode: false).
      expect(new URL(attempts[0].url).searchParams.get('symbols')).toBe('EUR,GBP');
      expect(res.requestId).toBe(res.response.headers.get('x-request-id'));
      expect(res.requestId).toMatch(/\S/);
      // Free: 1,000 a month, 2 a second.
      expect(res.rateLimit).toMatchObject({
        limit: 1000,
        remaining: expect.any(Number),
        policies: [
          { name: 'month', quota: 1000, window: expect.any(Number) },
          { name: 'burst', quota: 2, window: 1 },
        ],
        current: { policy: 'month', remaining: res.rateLimit?.remaining, resetSeconds: expect.any(Number) },
      });
      expect(res.rateLimit?.remaining).toBeLessThan(1000);
      const nextMonth = new Date();
      expect(res.rateLimit?.reset?.toISOString()).toBe(
        new Date(Date.UTC(nextMonth.getUTCFullYear(), nextMonth.getUTCMonth() + 1, 1)).toISOString(),
      );
    });

    it('rate and convert', async () => {
      const { sdk } = client(keys.professional);
      const rate = await sdk.rate({ from: 'USD', to: 'EUR' });
      expect(rate.data).toMatchObject({ from: 'USD', to: 'EUR', rate: expect.any(Number) });
      const conversion = await sdk.convert({ from: 'usd', to: 'eur', amount: 100 });
      expect(conversion.data).toMatchObject({ from: 'USD', to: 'EUR', amount: 100 });
      expect(conversion.data.result).toBeCloseTo(100 * Number(conversion.data.rate), 3);
      expect(conversion.rateLimit?.limit).toBe(100_000);
    });

    it('historical, timeseries and fluctuation (Professional plan), from the seeded closes', async () => {
      const { sdk } = client(keys.professional);
      const day = await sdk.historical('1990-01-02', { symbols: ['EUR', 'GBP'] });
      expect(day.data.rates).toEqual({ EUR: Number(SEEDED_CLOSES['1990-01-02'].EUR), GBP: 0.6 });
      const series = await sdk.timeseries({ start: '1990-01-02', end: '1990-01-05', symbols: ['EUR'] });
      expect(Object.keys(series.data.rates)).toEqual(['1990-01-02', '1990-01-03', '1990-01-05']);
      const csv = await sdk.timeseriesExport(
        { start: '1990-01-02', end: '1990-01-05', symbols: ['EUR'] },
        'csv',
      );
      expect(csv.data.split('\r\n')[0]).toBe('date,base,symbol,rate,source,timestamp,stale,marketClosed');
      expect(csv.data.split('\r\n').filter(Boolean)).toHaveLength(4);
      const ndjson = await sdk.timeseriesExport(
        { start: '1990-01-02', end: '1990-01-05', symbols: ['EUR'], numbers: 'string' },
        'ndjson',
      );
      const rows = ndjson.data
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { rate: string });
      expect(rows.map((row) => row.rate)).toEqual(
        Object.values(series.data.rates).map((day) => String(day.EUR)),
      );
      const change = await sdk.fluctuation({ start: '1990-01-02', end: '1990-01-05', symbols: ['EUR'] });
      expect(change.data.rates.EUR).toMatchObject({ startRate: 0.8, endRate: 0.82 });
      expect(change.rateLimit?.remaining).toBeDefined();
    });

    it('with etagCache, a repeated call is revalidated: the API answers 304 and the SDK gives the kept body', async () => {
      const { sdk, attempts } = client(keys.professional, { etagCache: true });
      const first = await sdk.historical('1990-01-02', { symbols: ['EUR'] });
      const second = await sdk.historical('1990-01-02', { symbols: ['EUR'] });
      expect(first.notModified).toBe(false);
      expect(second.notModified).toBe(true);
      expect(second.data).toEqual(first.data);
      expect(attempts.map((attempt) => attempt.status)).toEqual([200, 304]);
      expect(second.etag).toBe(first.etag);
    });

    it('currencies and usage, which are not metered', async () => {
      const { sdk } = client(keys.professional);
      const currencies = await sdk.currencies({ type: 'fiat' });
      expect(currencies.data.currencies.map((c) => c.code)).toContain('EUR');
      expect(currencies.data.currencies.every((c) => c.type === 'fiat')).toBe(true);
      const usage = await sdk.usage();
      expect(usage.data).toMatchObject({ plan: 'professional', monthlyQuota: 100_000 });
      expect(usage.data.used).toBeGreaterThan(0);
    });

    it('raw: the openapi-fetch client, with the key and serialisation of the SDK', async () => {
      const { sdk } = client(keys.professional);
      const { data, response } = await sdk.raw.GET('/api/v1/rates/latest', {
        params: { query: { symbols: ['CHF'] } },
      });
      expect(response.status).toBe(200);
      expect(Object.keys(data?.rates ?? {})).toEqual(['CHF']);
    });
  });

  describe('problems, as FxRatesError with the document’s codes', () => {
    it('an unknown currency: 400 unknown-currency, not retried', async () => {
      const { sdk, attempts } = client(keys.professional);
      const error = await sdk.convert({ from: 'USD', to: 'XYZ', amount: 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FxRatesError);
      expect(isFxRatesError(error, 'unknown-currency')).toBe(true);
      const problem = error as FxRatesError;
      expect(problem).toMatchObject({ status: 400, code: 'unknown-currency', retryAfter: undefined });
      expect(problem.title).toMatch(/\S/);
      expect(problem.message).toContain('XYZ');
      expect(problem.requestId).toBe(problem.response.headers.get('x-request-id'));
      expect(attempts.map((a) => a.status)).toEqual([400]);
    });

    it('a Free key asking for a time series: 403 plan-upgrade-required', async () => {
      const { sdk, attempts } = client(keys.free);
      const error = (await sdk
        .timeseries({ start: '1990-01-02', end: '1990-01-05' })
        .catch((e: unknown) => e)) as FxRatesError;
      expect(error).toMatchObject({ status: 403, code: 'plan-upgrade-required' });
      expect(error.detail ?? error.message).toMatch(/Professional/);
      expect(attempts).toHaveLength(1);
    });

    it('a wrong key: 401 invalid-api-key', async () => {
      const { sdk } = client(`fxrates_${'0'.repeat(32)}`);
      await expect(sdk.usage()).rejects.toMatchObject({ status: 401, code: 'invalid-api-key' });
    });
  });

  describe('rate limits', () => {
    it('a burst refused with 429 is retried after its Retry-After, and succeeds', async () => {
      // Free: 2 calls a second. Five at once over at most two seconds: at least three share one.
      const { sdk, attempts } = client(keys.free);
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => sdk.rate({ from: 'USD', to: 'GBP' })),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const refused = attempts.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused.every((a) => a.retryAfter === '1')).toBe(true);
      // Each refusal was followed by a wait of Retry-After (1 s) before the retry.
      const first = refused[0];
      expect(attempts.filter((a) => a.at >= first.at + 1000).length).toBeGreaterThanOrEqual(refused.length);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    });

    it('without retries, the 429 is an FxRatesError with retryAfter and the burst named', async () => {
      const { sdk } = client(keys.free, { retries: false });
      const settled = await Promise.allSettled(
        Array.from({ length: 5 }, () => sdk.rate({ from: 'USD', to: 'GBP' })),
      );
      const refusals = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as FxRatesError] : []));
      expect(refusals.length).toBeGreaterThanOrEqual(1);
      for (const refusal of refusals) {
        expect(refusal).toBeInstanceOf(FxRatesError);
        expect(refusal).toMatchObject({ status: 429, code: 'rate-limited', retryAfter: 1 });
        expect(refusal.rateLimit?.current).toEqual({ policy: 'burst', remaining: 0, resetSeconds: 1 });
      }
    });

    it('a spent monthly quota is not waited for: its Retry-After is beyond the cap', async () => {
      const { accessToken, id: userId } = await signedInUser(t.app);
      const created = await request(t.app.getHttpServer())
        .post('/api/keys')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ name: 'spent' })
        .expect(201);
      const month = new Date().toISOString().slice(0, 7);
      await t.redis.set(`${t.config.redis.keyPrefix}usage:month:${userId}:${month}`, '1000');
      const { sdk, attempts } = client(created.body.key);
      const error = (await sdk.latest().catch((e: unknown) => e)) as FxRatesError;
      expect(error).toMatchObject({ status: 429, code: 'quota-exceeded' });
      expect(error.retryAfter).toBeGreaterThan(30);
      expect(error.rateLimit?.remaining).toBe(0);
      expect(attempts).toHaveLength(1);
    });
  });

  describe('no answer', () => {
    it('a closed port is an FxRatesConnectionError after the retries', async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await new Promise((resolve) => server.close(resolve));
      const sdk = createFxRatesClient({
        apiKey: keys.free,
        baseUrl: `http://127.0.0.1:${port}`,
        retries: { maxRetries: 2, baseDelayMs: 5 },
      });
      const error = await sdk.latest().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FxRatesConnectionError);
      expect(error).not.toBeInstanceOf(FxRatesError);
      expect(error).toMatchObject({ attempts: 3, timedOut: false });
    });

    it('an attempt over timeoutMs is a timed-out FxRatesConnectionError', async () => {
      // A loopback server that accepts the request and never answers.
      const silent: Server = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const sdk = createFxRatesClient({
          apiKey: keys.free,
          baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
          retries: false,
          timeoutMs: 200,
        });
        await expect(sdk.latest()).rejects.toMatchObject({
          name: 'FxRatesConnectionError',
          timedOut: true,
          attempts: 1,
        });
      } finally {
        silent.closeAllConnections();
        await new Promise((resolve) => silent.close(resolve));
      }
    });
  });
});
