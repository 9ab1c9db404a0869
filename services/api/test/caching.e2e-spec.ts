import { planAllowsCurrency } from '@fxrates/domain';
import request from 'supertest';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { until } from '../../worker/test/support/waiting';
import { responseBuffers } from '../src/common/http';
import { givenIn } from './support/given';
import { seedBundledEcb } from './support/history-seed';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** The ECB's closes: first in the history's precedence. */
const HISTORY_SOURCE = 'ecb';

const ORIGIN = 'https://app.caching.test';
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A GET over node:http, its body as the bytes that came (supertest would decode them). */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

/**
 * Every /api/v1 GET has a strong ETag and answers If-None-Match with 304 (metered like
 * the 200); Cache-Control says how long each answer stays true; bodies over 1 KB go out br or gzip.
 */
describe('caching and compression of /api/v1', () => {
  let t: TestApp;
  let keys: Record<'basic' | 'professional' | 'enterprise', string>;
  let port: number;
  const upsert = (day: string, currency: string, rate: string) =>
    givenIn(t.app).closes({ [day]: { [currency]: rate } });
  const announce = () => t.redis.publish(`${t.config.redis.keyPrefix}rates:changed`, 'caching test');
  const get = (target: string, key = keys.enterprise) =>
    request(t.app.getHttpServer()).get(`/api/v1${target}`).set('X-API-Key', key);
  const used = async (key: string) => (await get('/usage', key).expect(200)).body.used as number;

  beforeAll(async () => {
    await seedBundledEcb('2024-01-01', '2024-03-31');
    t = await startTestApp(testConfig({ CORS_ORIGINS: ORIGIN }));
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    keys = await keysOnPlans(t.app, ['basic', 'professional', 'enterprise']);
  }, 60_000);
  afterAll(() => t?.close());

  const EVERY_GET = [
    '/rates/latest?base=USD&symbols=EUR,GBP',
    '/rates/latest',
    '/rates/rate?from=USD&to=EUR',
    '/convert?from=USD&to=EUR&amount=100',
    '/rates/convert?from=USD&to=EUR&amount=100',
    '/rates/historical/2024-03-15?symbols=EUR,GBP',
    '/rates/timeseries?start=2024-03-01&end=2024-03-28&symbols=EUR,GBP',
    '/rates/fluctuation?start=2024-03-01&end=2024-03-28&symbols=EUR',
    '/currencies',
    '/usage',
  ];

  it.each(EVERY_GET)(
    '%s: a strong ETag, and If-None-Match with it is a 304 without a body',
    async (target) => {
      const first = await get(target).expect(200);
      const etag = first.headers.etag;
      // supertest accepts gzip: a compressed form's tag names its encoding.
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}(-br|-gz)?"$/);
      // The time series negotiates its format (JSON, CSV, NDJSON) on Accept too.
      expect(first.headers.vary).toBe(
        target.includes('timeseries') ? 'Accept, Accept-Encoding, X-API-Key' : 'Accept-Encoding, X-API-Key',
      );
      const again = await get(target).set('If-None-Match', etag).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers['content-length']).toBeUndefined();
      expect([again.headers.etag, again.headers['cache-control']]).toEqual([
        etag,
        first.headers['cache-control'],
      ]);
      // Any other tag, and the answer is whole again.
      await get(target).set('If-None-Match', '"somethingelse"').expect(200);
    },
  );

  it('If-None-Match as a list, a weak tag or * names the current answer too, on either path (with Origin: Fastify)', async () => {
    const target = '/rates/rate?from=USD&to=GBP';
    const { etag } = (await get(target).expect(200)).headers;
    for (const header of [`"x", ${etag}`, `W/${etag}`, '*']) {
      await get(target).set('If-None-Match', header).expect(304);
      await get(target).set('Origin', ORIGIN).set('If-None-Match', header).expect(304);
    }
    const browser = await get(target).set('Origin', ORIGIN).expect(200);
    expect(browser.headers.etag).toBe(etag);
  });

  it('a 304 is metered like the 200 it replaces; an unmetered route stays unmetered', async () => {
    const key = keys.professional;
    const target = '/rates/rate?from=USD&to=JPY';
    const { etag } = (await get(target, key).expect(200)).headers;
    const before = await used(key);
    const revalidated = await get(target, key).set('If-None-Match', etag).expect(304);
    expect(revalidated.headers['x-ratelimit-remaining']).toBeDefined();
    expect(await used(key)).toBe(before + 1);
    const currencies = (await get('/currencies', key).expect(200)).headers.etag;
    await get('/currencies', key).set('If-None-Match', currencies).expect(304);
    expect(await used(key)).toBe(before + 1);
  });

  it('a changed close gives its series a new ETag: the old one gets the whole new answer', async () => {
    // A recent day: an announcement re-checks this year and the last (older years within a minute).
    const yesterday = dayOf(Date.now() - DAY_MS);
    const target = `/rates/timeseries?start=${yesterday}&end=${yesterday}&symbols=EUR`;
    await upsert(yesterday, 'EUR', '0.9');
    try {
      await announce();
      await until(async () => (await get(target)).status === 200);
      const before = await get(target).expect(200);
      await upsert(yesterday, 'EUR', '0.8612345');
      await announce();
      await until(async () => (await get(target)).headers.etag !== before.headers.etag);
      const after = await get(target).set('If-None-Match', before.headers.etag).expect(200);
      expect(after.body.rates[yesterday].EUR).toBe(0.8612345);
      await get(target).set('If-None-Match', after.headers.etag).expect(304);
    } finally {
      await givenIn(t.app).noCloses({ sources: [HISTORY_SOURCE], days: [yesterday] });
      await announce();
    }
  });

  it('Cache-Control: current rates until the next poll; closed days immutable; usage always revalidated', async () => {
    const latest = await get('/rates/latest?symbols=EUR').expect(200);
    // The test app's table is the bundled snapshot, re-read every RATES_INGEST_INTERVAL_MS.
    const intervalS = Math.ceil(
      t.config.rates.providers.find((p) => p.id === 'bundled-snapshot')!.intervalMs / 1000,
    );
    expect(latest.headers['cache-control']).toBe(`public, max-age=${intervalS}`);
    for (const target of [
      '/rates/historical/2024-03-15',
      '/rates/historical/2024-03-16', // a Saturday, carried forward from a close that is final
      '/rates/timeseries?start=2024-03-01&end=2024-03-28&symbols=EUR',
      '/rates/fluctuation?start=2024-03-01&end=2024-03-28&symbols=EUR',
    ]) {
      expect([target, (await get(target).expect(200)).headers['cache-control']]).toEqual([
        target,
        'public, max-age=31536000, immutable',
      ]);
    }
    expect((await get('/usage').expect(200)).headers['cache-control']).toBe('private, no-cache');
    expect((await get('/currencies').expect(200)).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('a day whose close is still to come is kept only until that close is expected', async () => {
    const now = Date.now();
    const [yesterday, today] = [dayOf(now - DAY_MS), dayOf(now)];
    // An ingest test earlier in this worker's database may have recorded today's closes: this test's
    // premise is that today's close is still to come.
    // Any source's: history answers each currency from its preferred source that has a close.
    await givenIn(t.app).noCloses({ currencies: ['EUR'], days: [today], observedOnly: true });
    await upsert(yesterday, 'EUR', '0.9');
    try {
      await announce();
      await until(async () => (await get(`/rates/historical/${today}?symbols=EUR`)).status === 200);
      const answer = await get(`/rates/historical/${today}?symbols=EUR`).expect(200);
      expect(answer.body.carriedForwardFrom).toBe(yesterday);
      const maxAge = Number(/^public, max-age=(\d+)$/.exec(answer.headers['cache-control'])?.[1]);
      // At least a minute (a late close is looked for again); at most until 16:00 CET on the next
      // TARGET day, never more than the longest closure (Christmas to New Year) away.
      expect(maxAge).toBeGreaterThanOrEqual(60);
      expect(maxAge).toBeLessThanOrEqual(10 * 86_400);
      expect(
        (await get(`/rates/historical/${yesterday}?symbols=EUR`).expect(200)).headers['cache-control'],
      ).toBe('public, max-age=31536000, immutable');
    } finally {
      await givenIn(t.app).noCloses({ sources: [HISTORY_SOURCE], days: [yesterday] });
      await announce();
    }
  });

  describe('compression', () => {
    const SERIES =
      '/api/v1/rates/timeseries?start=2024-01-02&end=2024-03-28&symbols=EUR,GBP,JPY,CHF,CAD,AUD,SEK,NOK,DKK,PLN';
    const raw = (path: string, headers: Record<string, string>) =>
      rawGet(port, path, { 'x-api-key': keys.enterprise, ...headers });

    it.each([
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
    ] as const)('Accept-Encoding %s: the same bytes, %s', async (accept, encoding) => {
      const plain = await raw(SERIES, { 'accept-encoding': 'identity' });
      expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined]);
      expect(plain.body.length).toBeGreaterThan(10_000);
      const packed = await raw(SERIES, { 'accept-encoding': accept });
      expect([packed.status, packed.headers['content-encoding']]).toEqual([200, encoding]);
      expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
      // Well compressed even at the one-off settings (a series seen once: brotli's fast quality gave
      // 2.8× in CI on this series with its `sources`, the kept settings 3.6×).
      expect(packed.body.length).toBeLessThan(plain.body.length / 2.5);
      const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
      expect(decode(packed.body).equals(plain.body)).toBe(true);
      // Different bytes, so a different strong tag; and either names the same data when revalidating.
      const suffix = encoding === 'br' ? '-br' : '-gz';
      expect(packed.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}${suffix}"`);
      const revalidated = await raw(SERIES, {
        'accept-encoding': accept,
        'if-none-match': plain.headers.etag!,
      });
      expect([revalidated.status, revalidated.headers.etag]).toEqual([304, packed.headers.etag]);
    });

    it('a body of 1 KB or less goes out as it is', async () => {
      const small = await raw('/api/v1/rates/rate?from=USD&to=EUR', { 'accept-encoding': 'br, gzip' });
      expect([small.status, small.headers['content-encoding']]).toEqual([200, undefined]);
    });

    it('the latest of every currency compresses too, through Fastify as well', async () => {
      for (const origin of [{}, { origin: ORIGIN }] as Record<string, string>[]) {
        const answer = await raw('/api/v1/rates/latest', { 'accept-encoding': 'gzip', ...origin });
        expect([answer.status, answer.headers['content-encoding']]).toEqual([200, 'gzip']);
        expect(JSON.parse(gunzipSync(answer.body).toString()).base).toBe('USD');
      }
    });
  });

  it('the closes cache keeps plans apart: the same target answers each plan its own currencies', async () => {
    const target = '/rates/historical/2024-03-15';
    const basic = (await get(target, keys.basic).expect(200)).body.rates as Record<string, number>;
    const enterprise = (await get(target, keys.enterprise).expect(200)).body.rates as Record<string, number>;
    expect(Object.keys(basic).every((code) => planAllowsCurrency('basic', code))).toBe(true);
    expect(Object.keys(enterprise).length).toBeGreaterThan(Object.keys(basic).length);
    // And again, from the cache: still apart.
    expect((await get(target, keys.basic).expect(200)).body.rates).toEqual(basic);
  });

  it('a series refused by the quota after it was made gives its pooled body back unsent', async () => {
    const tight = await startTestApp(testConfig({ PLAN_LIMITS: 'professional=1:100' }));
    try {
      const { professional } = await keysOnPlans(tight.app, ['professional']);
      const series = (end: string) =>
        request(tight.app.getHttpServer())
          .get(`/api/v1/rates/timeseries?start=2024-01-02&end=${end}&symbols=EUR,GBP,JPY`)
          .set('X-API-Key', professional);
      await series('2024-03-28').expect(200);
      // The body of that 200 went back to the pool once written; the next series, the same size,
      // takes it, and its refusal (429) must give it back rather than leave it to the collector.
      await until(() => responseBuffers.pooledBytes > 0);
      const before = responseBuffers.pooledBytes;
      const refused = await series('2024-03-27').expect(429);
      expect(refused.body.code).toBe('quota-exceeded');
      expect(responseBuffers.pooledBytes).toBe(before);
    } finally {
      await tight.close();
    }
  });
});
