import { usageRedisKeys } from '@fxrates/queues';
import { createRatesTable, loadBundledSnapshot, RateDecimal, RatesStore } from '@fxrates/rates';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { startThrowawayRedis, type ThrowawayRedis } from '../../worker/test/support/throwaway-redis';
import { PASSWORD } from './support/auth-client';
import { givenIn } from './support/given';
import { signedInUser } from './support/signed-in';
import { listedCodes, operationsOf, type OpenApiDocument } from './support/openapi-document';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/**
 * Redis really stopped (SIGKILL to a redis-server of this file's own) under a stream of metered,
 * converter and sign-in requests, then started again on the same port with none of its data; and
 * Redis's data flushed while PostgreSQL still holds the month's usage.
 */
// Each step waits with its own deadline (up to 20 s for a recovery); a busy machine takes seconds.
jest.setTimeout(60_000);

describe('Redis stops during load and comes back', () => {
  let redis: ThrowawayRedis;
  let a: TestApp;
  let b: TestApp;
  const logLines: string[] = [];
  let base: string;
  let baseB: string;

  const listen = async (t: TestApp) => {
    await t.app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  };
  /** No request may hang while Redis is away: each has 5 s, far above any answer's time. */
  const call = (url: string, init: RequestInit = {}) =>
    fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
  const until = async (
    what: string,
    condition: () => Promise<boolean>,
    ms = 20_000,
    lastSeen: () => string = () => '',
  ) => {
    const deadline = Date.now() + ms;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what} ${lastSeen()}`.trim());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    // Quota 1000 a month and a burst of 1000 a second: the load meets neither until the quota test.
    const config = testConfig({ REDIS_URL: redis.url, LOG_LEVEL: 'warn', PLAN_LIMITS: 'free=1000:1000' });
    a = await startTestApp(config, { logDestination: sink });
    b = await startTestApp(config, { logDestination: sink });
    base = await listen(a);
    baseB = await listen(b);
  });
  afterAll(async () => {
    await b?.app.close();
    b?.redis.disconnect();
    await a?.app.close();
    a?.redis.disconnect();
    await redis?.stop();
  });

  /** A user with one API key; `id` is the user's id. */
  const userWithKey = async (app: TestApp) => {
    const { id: userId, accessToken, email, cookie } = await signedInUser(app.app);
    const created = await call(`${base}/api/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'fault test' }),
    });
    const { key, id: keyId } = (await created.json()) as { key: string; id: string };
    return { userId: userId as string, key, keyId, email, accessToken, cookie };
  };
  /** Calls of the user's key on `day` as the worker's flush stores them in usage_daily. */
  const flushedUsage = (
    { userId, key, keyId }: { userId: string; key: string; keyId: string },
    day: string,
    requests: number,
  ) => givenIn(a.app).usage({ id: keyId, key, name: 'fault test', userId }, { [day]: requests });

  it('answers 503 service-unavailable with Retry-After to metered, converter and sign-in calls, never 500 nor a hang, keeps refreshing sessions, says not ready, and recovers without a restart', async () => {
    const { key, email, cookie } = await userWithKey(a);
    const session = (await (await call(`${base}/api/auth/session`, { method: 'POST' })).json()) as {
      sessionToken: string;
    };
    const requests = {
      metered: () => call(`${base}/api/v1/rates/latest?base=USD`, { headers: { 'x-api-key': key } }),
      converter: () =>
        call(`${base}/api/rates/convert?from=USD&to=EUR&amount=10`, {
          headers: { 'x-session-token': session.sessionToken },
        }),
      signIn: () =>
        call(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        }),
    };
    for (const send of Object.values(requests)) expect((await send()).status).toBe(200);

    type Kind = keyof typeof requests;
    const seen: {
      kind: Kind;
      status: number;
      code?: string;
      retryAfter: string | null;
      type: string | null;
    }[] = [];
    let loading = true;
    const stream = (kind: Kind) =>
      (async () => {
        while (loading) {
          const res = await requests[kind]();
          const body = (await res.json()) as { code?: string };
          seen.push({
            kind,
            status: res.status,
            code: body.code,
            retryAfter: res.headers.get('retry-after'),
            type: res.headers.get('content-type'),
          });
          await new Promise((resolve) => setTimeout(resolve, kind === 'signIn' ? 50 : 5));
        }
      })();
    const load = (['metered', 'metered', 'converter', 'converter', 'signIn'] as Kind[]).map(stream);
    const lastOf = (kind: Kind) => seen.filter((s) => s.kind === kind).at(-1);
    await until('answers under load', async () => seen.length > 50);

    await redis.kill();
    const logLinesBefore = logLines.length;
    await until('every kind refused', async () =>
      (Object.keys(requests) as Kind[]).every((kind) => lastOf(kind)?.status === 503),
    );
    // A session already signed in needs no Redis to go on: the refresh token lives in PostgreSQL.
    const refreshed = await call(`${base}/api/auth/refresh`, { method: 'POST', headers: { cookie } });
    expect(refreshed.status).toBe(200);
    const ready = await call(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: { redis: { status: string } } }).checks.redis.status).toBe(
      'down',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a moment of load against a dead Redis

    await redis.start();
    // Each kind answered 200 at least once since Redis came back. Not "every kind's last answer is
    // 200 at once": the load goes on meanwhile, and once one kind has spent its converter limit or
    // the month's quota, its answers are 429 for good, however quickly the others recover.
    const sinceRestart = seen.length;
    const servedAgain = (kind: Kind) =>
      seen.slice(sinceRestart).some((s) => s.kind === kind && s.status === 200);
    try {
      await until(
        'every kind served again',
        async () => (Object.keys(requests) as Kind[]).every(servedAgain),
        20_000,
        () => JSON.stringify((Object.keys(requests) as Kind[]).map(lastOf)),
      );
      await until('ready again', async () => (await call(`${base}/api/health/ready`)).status === 200);
    } finally {
      loading = false;
      await Promise.all(load);
    }

    const refused = seen.filter((s) => s.status === 503);
    expect(new Set(refused.map((s) => s.kind))).toEqual(new Set(['metered', 'converter', 'signIn']));
    for (const answer of refused) {
      expect(answer).toEqual({
        kind: answer.kind,
        status: 503,
        code: 'service-unavailable',
        retryAfter: '5',
        type: 'application/problem+json',
      });
    }
    // Apart from 200 and 503, only the limits may answer (once Redis is back with its counts lost,
    // a slow recovery lets the load reach a converter limit or the quota): never a 500.
    const limited = (s: (typeof seen)[number]) =>
      s.status === 429 && (s.code === 'rate-limited' || s.code === 'quota-exceeded');
    expect(seen.filter((s) => s.status !== 200 && s.status !== 503 && !limited(s))).toEqual([]);
    // An expected outage is told in warnings, without a stack; nothing at error level.
    const outageLog = logLines
      .slice(logLinesBefore)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(outageLog.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(outageLog.filter((entry) => /\n\s+at /.test(JSON.stringify(entry)))).toEqual([]);
    expect(outageLog.some((entry) => entry.level === 40)).toBe(true);
  });

  it('hears announcements again once Redis is back: a new rates table and a disabled key reach both instances', async () => {
    const { key, keyId, accessToken } = await userWithKey(a);
    await redis.kill();
    await redis.start();
    for (const url of [base, baseB]) {
      await until('ready again', async () => (await call(`${url}/api/health/ready`)).status === 200);
    }
    // Sessions are created behind the per-IP throttle, whose counters live in Redis: ready says the
    // instance can serve, yet a connection still finishing its handshake may refuse one more request
    // with a 503, which a client retries as Retry-After tells it. Any other answer fails here.
    let sessionToken = '';
    let sessionAnswer = '';
    await until(
      'a converter session',
      async () => {
        const res = await call(`${base}/api/auth/session`, { method: 'POST' });
        sessionAnswer = `${res.status} ${await res.text()}`;
        if (res.status === 503) return false;
        expect(res.status).toBe(201);
        sessionToken = (JSON.parse(sessionAnswer.slice(4)) as { sessionToken: string }).sessionToken;
        return true;
      },
      undefined,
      () => `(last answer: ${sessionAnswer})`,
    );
    const session = { sessionToken };
    const metered = (url: string) =>
      call(`${url}/api/v1/rates/latest?base=USD`, { headers: { 'x-api-key': key } });
    await until('served again', async () => (await metered(baseB)).status === 200); // B has the key cached

    const perUsd = new Map(loadBundledSnapshot().perUsd);
    perUsd.set('EUR', new RateDecimal('0.5'));
    const table = createRatesTable({
      source: 'after-outage',
      date: '2026-11-22',
      timestamp: '2026-11-22T12:00:00.000Z',
      perUsd,
    });
    expect(await new RatesStore(redis.admin, a.config.redis.keyPrefix).publish(table)).toBe(true);
    // Announcements are what these waits prove, not their speed: the API reads no rates
    // table but the one announced, and a cached key is trusted for the 60 s of API_CACHE_MAX_AGE_SECONDS,
    // longer than the wait.
    let lastAnswer = '';
    for (const url of [base, baseB]) {
      await until(
        `the new table on ${url}`,
        async () => {
          const res = await call(`${url}/api/rates/convert?from=USD&to=EUR&amount=10`, {
            headers: { 'x-session-token': session.sessionToken },
          });
          lastAnswer = await res.text();
          return (JSON.parse(lastAnswer) as { source?: string }).source === 'after-outage';
        },
        undefined,
        () => `(last answer: ${lastAnswer})`,
      );
    }

    const disabled = await call(`${base}/api/keys/${keyId}/disable`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(disabled.status).toBe(200);
    await until('the key refused on B', async () => (await metered(baseB)).status === 403);
  });

  it('documents service-unavailable (503, Retry-After) on every operation that needs Redis', async () => {
    const doc = (await (await call(`${base}/api/docs-json`)).json()) as OpenApiDocument;
    const needRedis = [
      'getLatestRates',
      'getRate',
      'convert',
      'getHistoricalRates',
      'getTimeSeries',
      'getFluctuation',
      'getConverterConversion',
      'getConverterHistory',
      'login',
      'register',
      'createSession',
      'getAccountUsage',
    ];
    const documented = operationsOf(doc)
      .filter(({ operation }) => needRedis.includes(operation.operationId ?? ''))
      .map(({ operation }) => ({
        id: operation.operationId,
        codes: listedCodes(operation.responses['503']),
        retryAfter: operation.responses['503']?.headers?.['Retry-After'] !== undefined,
      }));
    expect(documented.map((d) => d.id).sort()).toEqual([...needRedis].sort());
    for (const operation of documented) {
      expect(operation).toEqual({
        id: operation.id,
        codes: expect.arrayContaining(['service-unavailable']),
        retryAfter: true,
      });
    }
  });

  it('rebuilds the month counters from usage_daily after FLUSHDB: with 100 calls left, exactly 100 of 300 parallel calls pass, on two instances', async () => {
    const user = await userWithKey(a);
    const { userId, key } = user;
    const now = Date.now();
    const month = monthOf(now);
    const keys = usageRedisKeys(a.config.redis.keyPrefix);
    // 900 of the 1000 calls were made and flushed to PostgreSQL; Redis had a count too, then lost it.
    await flushedUsage(user, `${month}-01`, 900);
    await redis.admin.set(keys.month(userId, month), '3');
    await redis.admin.flushdb();

    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        call(`${i % 2 ? base : baseB}/api/v1/rates/latest?base=USD`, { headers: { 'x-api-key': key } }).then(
          async (res) => ({ status: res.status, code: ((await res.json()) as { code?: string }).code }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(100);
    expect(results.filter((r) => r.status !== 200)).toEqual(
      Array.from({ length: 200 }, () => ({ status: 429, code: 'quota-exceeded' })),
    );
    expect(await redis.admin.get(keys.month(userId, month))).toBe('1000');
  });

  it('reports the month rebuilt from usage_daily on the dashboard after FLUSHDB', async () => {
    const user = await userWithKey(a);
    const { key, accessToken } = user;
    const month = monthOf(Date.now());
    await flushedUsage(user, `${month}-01`, 250);
    await redis.admin.flushdb();

    const usage = async () =>
      (await (
        await call(`${baseB}/api/usage`, { headers: { authorization: `Bearer ${accessToken}` } })
      ).json()) as { used: number; remaining: number };
    expect(await usage()).toMatchObject({ used: 250, remaining: 750 });
    expect(
      (await call(`${base}/api/v1/rates/latest?base=USD`, { headers: { 'x-api-key': key } })).status,
    ).toBe(200);
    expect(await usage()).toMatchObject({ used: 251, remaining: 749 });
  });

  it('starts a new month from 0, whatever the last month used', async () => {
    const user = await userWithKey(a);
    const { userId, key } = user;
    const now = Date.now();
    const start = new Date(now);
    const lastMonth = monthOf(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 15));
    await flushedUsage(user, `${lastMonth}-28`, 1000);

    const res = await call(`${baseB}/api/v1/rates/latest?base=USD`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    const keys = usageRedisKeys(a.config.redis.keyPrefix);
    expect(await redis.admin.get(keys.month(userId, monthOf(now)))).toBe('1');
  });
});
