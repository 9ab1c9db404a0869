import { loadBundledSnapshot, crossRate, displayRate } from '@fxrates/rates';
import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ApiMetrics } from '../src/common/metrics';
import { MeteringService } from '../src/modules/metering';
import { UserPlansService } from '../src/modules/plans';
import { signedInUser } from './support/signed-in';
import { MovingClock } from './support/moving-clock';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';
import { resolvedKey } from './support/resolved-key';

describe('public API /api/v1', () => {
  let t: TestApp;
  // Moved past a burst's second rather than waiting one out.
  const clock = new MovingClock();
  const snapshot = loadBundledSnapshot();
  const http = (app = t) => request(app.app.getHttpServer());
  const v1 = (path: string, key?: string, app = t) => {
    const req = http(app).get(`/api/v1${path}`);
    return key ? req.set('X-API-Key', key) : req;
  };

  /** A new user with one active key; returns the key and the user's id and access token. */
  async function newKey(app = t) {
    const { accessToken, id: userId } = await signedInUser(app.app);
    const created = await http(app)
      .post('/api/keys')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ name: 'test' })
      .expect(201);
    return {
      key: created.body.key as string,
      keyId: created.body.id as string,
      userId: userId,
      accessToken,
    };
  }

  /** Marks this month as nearly used up, leaving `remaining` calls. */
  async function leaveRemaining(userId: string, quota: number, remaining: number) {
    const month = new Date().toISOString().slice(0, 7);
    await t.redis.set(`${t.config.redis.keyPrefix}usage:month:${userId}:${month}`, String(quota - remaining));
  }

  beforeAll(async () => {
    t = await startTestApp(testConfig(), { clock });
  });
  afterAll(() => t.close());

  describe('the key guard', () => {
    it('refuses a missing key with 401 missing-api-key', async () => {
      const res = await v1('/rates/rate?from=USD&to=EUR').expect(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('missing-api-key');
    });

    it.each(['fxrates_nothex', 'fxpro_0123456789abcdef0123456789abcdef', `fxrates_${'0'.repeat(32)}`])(
      'refuses %s with 401 invalid-api-key',
      async (key) => {
        expect((await v1('/rates/rate?from=USD&to=EUR', key).expect(401)).body.code).toBe('invalid-api-key');
      },
    );

    it('refuses a disabled key with 403 on another instance, told by the announcement', async () => {
      // The other instance would trust its cached key for an hour: only the announcement can make it
      // refuse the key during this test. A cause, not a clock: the wait is bounded by
      // the test's timeout alone.
      const other = await startTestApp({ ...t.config, keys: { ...t.config.keys, cacheMaxAgeMs: 3_600_000 } });
      try {
        const { key, keyId, accessToken } = await newKey();
        await v1('/rates/rate?from=USD&to=EUR', key, other).expect(200); // now cached over there
        await http()
          .post(`/api/keys/${keyId}/disable`)
          .set('Authorization', `Bearer ${accessToken}`)
          .expect(200);
        let res = await v1('/rates/rate?from=USD&to=EUR', key, other);
        while (res.status === 200) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          res = await v1('/rates/rate?from=USD&to=EUR', key, other);
        }
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('api-key-disabled');
      } finally {
        await other.app.close();
        await other.redis.quit();
      }
    });
    it('judges each call on a kept-alive connection by the key that call sends', async () => {
      const listening = await startTestApp(t.config);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        await listening.app.listen(0, '127.0.0.1');
        const { port } = listening.app.getHttpServer().address() as AddressInfo;
        const usage = (key: string) =>
          new Promise<{ status: number; body: { code?: string; used?: number }; reused: boolean }>(
            (resolve, reject) => {
              const req = get(
                { port, path: '/api/v1/usage', agent, headers: { 'x-api-key': key } },
                (res) => {
                  let text = '';
                  res.setEncoding('utf8');
                  res.on('data', (chunk: string) => (text += chunk));
                  res.on('end', () =>
                    resolve({
                      status: res.statusCode ?? 0,
                      body: JSON.parse(text),
                      reused: req.reusedSocket,
                    }),
                  );
                },
              ).on('error', reject);
            },
          );
        const first = await newKey();
        const second = await newKey();
        await v1('/rates/rate?from=USD&to=EUR', first.key).expect(200); // the first user has used 1

        const calls = [
          await usage(first.key),
          await usage(second.key),
          await usage(`${first.key.slice(0, -1)}g`),
          await usage(`fxrates_${'0'.repeat(32)}`),
          await usage(first.key),
        ];
        expect(calls.slice(1).every((call) => call.reused)).toBe(true); // one connection throughout
        expect(calls.map(({ status, body }) => [status, body.used ?? body.code])).toEqual([
          [200, 1],
          [200, 0],
          [401, 'invalid-api-key'],
          [401, 'invalid-api-key'],
          [200, 1],
        ]);

        await http()
          .post(`/api/keys/${first.keyId}/disable`)
          .set('Authorization', `Bearer ${first.accessToken}`)
          .expect(200);
        // Until the announcement reaches this instance (the wait is bounded by the test's timeout).
        let after = await usage(first.key);
        while (after.status === 200) after = await usage(first.key);
        expect([after.status, after.body.code, after.reused]).toEqual([403, 'api-key-disabled', true]);
      } finally {
        agent.destroy();
        await listening.app.close();
        await listening.redis.quit();
      }
    });
  });

  describe('endpoints', () => {
    const expectedRate = (from: string, to: string) =>
      Number(displayRate(crossRate(snapshot, from, to)).toString());

    it('GET /rates/latest gives the requested rates with their provenance and rate-limit headers', async () => {
      const { key } = await newKey();
      const res = await v1('/rates/latest?base=EUR&symbols=USD,GBP,INR', key).expect(200);
      expect(res.body).toEqual({
        base: 'EUR',
        timestamp: snapshot.timestamp,
        date: snapshot.date,
        source: ['bundled-snapshot'],
        stale: true, // the bundled snapshot is older than the free plan's 24 hours
        marketClosed: false,
        rates: {
          USD: expectedRate('EUR', 'USD'),
          GBP: expectedRate('EUR', 'GBP'),
          INR: expectedRate('EUR', 'INR'),
        },
      });
      expect(res.headers['x-ratelimit-limit']).toBe('1000');
      expect(res.headers['x-ratelimit-remaining']).toBe('999');
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      expect(res.headers['ratelimit-policy']).toMatch(/^"month";q=1000;w=\d+, "burst";q=2;w=1$/);
      expect(res.headers['ratelimit']).toMatch(/^"month";r=999;t=\d+$/);
      const all = await v1('/rates/latest', key).expect(200);
      expect(Object.keys(all.body.rates).sort()).toEqual(
        ['EUR', 'GBP', 'AUD', 'CAD', 'CHF', 'CNY', 'NZD', 'ZAR', 'SGD', 'HKD', 'SEK', 'NOK', 'INR'].sort(),
      );
    });

    it("answers a query repeated within a second by the caller's plan, not the last caller's", async () => {
      const free = await newKey();
      const basic = await newKey();
      await t.app.get(UserPlansService).changePlan(basic.userId, 'basic');
      const [first, second] = [await v1('/rates/latest', free.key), await v1('/rates/latest', basic.key)];
      expect(first.body.rates.BTC).toBeUndefined();
      expect(second.body.rates.BTC).toEqual(expect.any(Number));
      expect((await v1('/rates/latest', free.key)).body).toEqual(first.body);
      expect(second.body.stale).toBe(true); // freshness is that of the caller's plan (Basic: 1 hour)
    });

    it('GET /rates/rate, /convert and its alias /rates/convert', async () => {
      const { key } = await newKey();
      const rate = await v1('/rates/rate?from=GBP&to=INR', key).expect(200);
      expect(rate.body).toMatchObject({
        from: 'GBP',
        to: 'INR',
        rate: expectedRate('GBP', 'INR'),
        stale: true,
      });
      clock.advance(1000); // the free plan's burst is 2 per second
      for (const path of ['/convert', '/rates/convert']) {
        const res = await v1(`${path}?from=USD&to=EUR&amount=100`, key).expect(200);
        expect(res.body).toMatchObject({
          from: 'USD',
          to: 'EUR',
          amount: 100,
          rate: expectedRate('USD', 'EUR'),
        });
        expect(res.text).toMatch(/"result":\d+\.\d{4},/);
      }
    });

    it('reports a burst refusal as the exhausted burst policy, with windows of fixed length', async () => {
      const { key } = await newKey();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => v1('/rates/rate?from=USD&to=EUR', key)),
      );
      const refused = answers.filter((res) => res.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      const now = new Date();
      const monthSeconds =
        (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) -
          Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) /
        1000;
      for (const res of refused) {
        expect(res.body.code).toBe('rate-limited');
        expect(res.headers['retry-after']).toBe('1');
        expect(res.headers['ratelimit']).toBe('"burst";r=0;t=1');
        expect(res.headers['ratelimit-policy']).toBe(`"month";q=1000;w=${monthSeconds}, "burst";q=2;w=1`);
      }
    });

    it('GET /currencies and /usage are not metered', async () => {
      const { key } = await newKey();
      for (let i = 0; i < 4; i++) {
        const currencies = await v1('/currencies?type=crypto', key).expect(200);
        expect(currencies.body.currencies.map((c: { code: string }) => c.code)).toContain('BTC');
        expect(currencies.body.currencies.every((c: { inYourPlan: boolean }) => !c.inYourPlan)).toBe(true);
      }
      const usage = await v1('/usage', key).expect(200);
      expect(usage.body).toEqual({
        plan: 'free',
        monthlyQuota: 1000,
        used: 0,
        remaining: 1000,
        resetsAt: expect.stringMatching(/^\d{4}-\d\d-01T00:00:00.000Z$/),
        burstPerSecond: 2,
        // Every answered call, per key, endpoint and status class (usage-breakdown.e2e-spec.ts).
        breakdown: expect.objectContaining({ rows: expect.any(Array), keys: expect.any(Array) }),
      });
    });

    it('GET /currencies lists the whole catalogue with ISO minor units, plan inclusion and availability', async () => {
      const { key } = await newKey();
      const all = (await v1('/currencies', key).expect(200)).body.currencies as Array<
        Record<string, unknown>
      >;
      const fiat = all.filter((c) => c.type === 'fiat');
      const crypto = all.filter((c) => c.type === 'crypto');
      const metals = all.filter((c) => c.type === 'metal');
      expect(fiat.length).toBeGreaterThanOrEqual(150);
      expect(crypto.length).toBeGreaterThanOrEqual(100);
      expect(metals.map((c) => c.code)).toEqual(['XAU', 'XAG', 'XPT', 'XPD']);
      expect(all).toHaveLength(fiat.length + crypto.length + metals.length);
      expect(all.slice(0, 3).map((c) => c.code)).toEqual(['USD', 'EUR', 'GBP']);
      const { historyFrom, ...jpy } = all.find((c) => c.code === 'JPY')!;
      // Whatever other tests stored of JPY's history, or null (rate-history-sources proves the value).
      expect(historyFrom === null || /^\d{4}-\d\d-\d\d$/.test(String(historyFrom))).toBe(true);
      expect(jpy).toEqual({
        code: 'JPY',
        name: 'Japanese Yen',
        type: 'fiat',
        symbol: '¥',
        flag: '🇯🇵',
        minorUnits: 0,
        featured: false,
        inYourPlan: false, // Free covers the featured fiat only
        available: true, // the bundled snapshot quotes it
      });
      expect(all.find((c) => c.code === 'KWD')).toMatchObject({ minorUnits: 3 });
      expect(all.find((c) => c.code === 'EUR')).toMatchObject({ inYourPlan: true, available: true });
      expect(all.every((c) => !('iconFile' in c) && !('flagFile' in c))).toBe(true);
      expect(all.filter((c) => !c.available).map((c) => c.code)).toEqual([]);

      const onlyFiat = (await v1('/currencies?type=fiat', key).expect(200)).body.currencies;
      expect(onlyFiat).toHaveLength(fiat.length);
      const bad = await v1('/currencies?type=metals', key).expect(400);
      expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(bad.body.code).toBe('validation-failed');
    });

    it('counts only successful calls', async () => {
      const { key } = await newKey();
      await v1('/rates/rate?from=USD&to=XYZ', key).expect(400);
      await v1('/rates/rate?from=USD', key).expect(400);
      await v1('/rates/rate?from=USD&to=BTC', key).expect(403);
      await v1('/rates/rate?from=USD&to=EUR', key).expect(200);
      expect((await v1('/usage', key).expect(200)).body.used).toBe(1);
    });
  });

  describe('plans', () => {
    it('refuses a currency outside the plan with 403 naming the plan that unlocks it, until the plan changes', async () => {
      const { key, userId } = await newKey();
      const refused = await v1('/rates/rate?from=USD&to=BTC', key).expect(403);
      expect(refused.body).toMatchObject({ code: 'plan-upgrade-required' });
      expect(refused.body.message).toMatch(/BTC needs the Basic plan or higher; your plan is Free/);
      // A link a client can follow to the plans (RFC 8288), relative to the API's origin, which serves the site.
      expect(refused.headers.link).toBe('</pricing>; rel="help"; title="Plans and upgrades"');
      await t.app.get(UserPlansService).changePlan(userId, 'basic');
      const allowed = await v1('/rates/rate?from=USD&to=BTC', key).expect(200);
      expect(allowed.headers['x-ratelimit-limit']).toBe('10000');
    });

    it('refuses calls over the monthly quota with 429 quota-exceeded and Retry-After', async () => {
      const { key, userId } = await newKey();
      await leaveRemaining(userId, 1000, 1);
      await v1('/rates/rate?from=USD&to=EUR', key).expect(200);
      clock.advance(1000);
      const res = await v1('/rates/rate?from=USD&to=EUR', key).expect(429);
      expect(res.body.code).toBe('quota-exceeded');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
    });

    it('lets exactly the remaining 100 of 500 concurrent calls through, across two instances', async () => {
      const other = await startTestApp(t.config);
      try {
        const { key, userId } = await newKey();
        await t.app.get(UserPlansService).changePlan(userId, 'enterprise');
        await leaveRemaining(userId, 500_000, 100);
        const calls = Array.from({ length: 500 }, (_, i) =>
          v1('/rates/rate?from=USD&to=EUR', key, i % 2 ? other : t),
        );
        const statuses = (await Promise.all(calls)).map((res) => res.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(100);
        expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
        expect((await v1('/usage', key).expect(200)).body).toMatchObject({ used: 500_000, remaining: 0 });
      } finally {
        await other.app.close();
        await other.redis.quit();
      }
    });
  });

  describe('PLAN_LIMITS overrides', () => {
    it('meters by the overridden quota and burst', async () => {
      const tight = await startTestApp(testConfig({ PLAN_LIMITS: 'free=3:100' }));
      try {
        const { key } = await newKey(tight);
        for (let i = 0; i < 3; i++) await v1('/rates/rate?from=USD&to=EUR', key, tight).expect(200);
        const refused = await v1('/rates/rate?from=USD&to=EUR', key, tight).expect(429);
        expect(refused.body.code).toBe('quota-exceeded');
        const refusals = await tight.app.get(ApiMetrics).quotaRefusals.get();
        expect(refusals.values).toEqual([{ labels: { reason: 'quota', plan: 'free' }, value: 1 }]);
        expect((await v1('/usage', key, tight).expect(200)).body).toMatchObject({
          monthlyQuota: 3,
          burstPerSecond: 100,
          remaining: 0,
        });
      } finally {
        await tight.close();
      }
    });
  });

  describe('the metering script (real Redis, fixed clock)', () => {
    const key = (userId: string, plan: 'free' | 'basic' = 'free') =>
      resolvedKey({ keyId: userId, userId, plan });
    const outcomes = (results: PromiseSettledResult<unknown>[]) =>
      results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code));

    it('admits exactly the burst within one second, and again in the next', async () => {
      const metering = t.app.get(MeteringService);
      const user = `burst-${Date.now()}`;
      const now = Date.UTC(2026, 10, 22, 12, 0, 0, 100);
      const first = await Promise.allSettled(
        Array.from({ length: 10 }, () => metering.meter(key(user), now)),
      );
      expect(outcomes(first).filter((o) => o === 'ok')).toHaveLength(2);
      expect(new Set(outcomes(first).filter((o) => o !== 'ok'))).toEqual(new Set(['rate-limited']));
      const next = await Promise.allSettled(
        Array.from({ length: 10 }, () => metering.meter(key(user), now + 950)),
      );
      expect(outcomes(next).filter((o) => o === 'ok')).toHaveLength(2);
    });

    it('decides calls metered together one by one: counted, then over the quota, then over the burst', async () => {
      const metering = t.app.get(MeteringService);
      const user = `mixed-${Date.now()}`;
      const other = `other-${Date.now()}`;
      const now = Date.UTC(2026, 10, 22, 12, 0, 5, 0);
      // Basic: 10,000 a month and 10 a second; 3 calls of the month left.
      await t.redis.set(`${t.config.redis.keyPrefix}usage:month:${user}:2026-11`, '9997');
      const settled = await Promise.allSettled([
        ...Array.from({ length: 20 }, () => metering.meter(key(user, 'basic'), now)),
        metering.meter(key(other, 'basic'), now),
      ]);
      const mine = settled.slice(0, 20);
      expect(outcomes(mine)).toEqual([
        ...Array(3).fill('ok'),
        ...Array(7).fill('quota-exceeded'),
        ...Array(10).fill('rate-limited'),
      ]);
      const remaining = mine
        .slice(0, 3)
        .map((r) => (r as PromiseFulfilledResult<Record<string, string>>).value['X-RateLimit-Remaining']);
      expect(remaining).toEqual(['2', '1', '0']);
      expect(outcomes(settled.slice(20))).toEqual(['ok']); // another user's call in the same batch
      // Refused calls within the burst gave their slot back: 3 counted + 10 over it remain in this second.
      expect(
        await t.redis.get(`${t.config.redis.keyPrefix}usage:burst:${user}:${Math.floor(now / 1000)}`),
      ).toBe('13');
    });

    it('answers further calls in a second whose burst is used up without asking Redis', async () => {
      const metering = t.app.get(MeteringService);
      const user = `local-burst-${Date.now()}`;
      const now = Date.UTC(2026, 10, 22, 12, 0, 7, 0);
      const burstKey = `${t.config.redis.keyPrefix}usage:burst:${user}:${Math.floor(now / 1000)}`;
      const first = await Promise.allSettled([0, 1, 2].map(() => metering.meter(key(user), now)));
      expect(outcomes(first)).toEqual(['ok', 'ok', 'rate-limited']);
      expect(await t.redis.get(burstKey)).toBe('3');
      const later = await Promise.allSettled([0, 1, 2, 3].map(() => metering.meter(key(user), now + 900)));
      expect(outcomes(later)).toEqual(Array(4).fill('rate-limited'));
      expect(await t.redis.get(burstKey)).toBe('3'); // not one more round trip
      await expect(metering.meter(key(user), now + 1000)).resolves.toBeDefined(); // the next second
    });

    it('trusts a quota refusal for ten seconds or until the plan changes', async () => {
      const metering = t.app.get(MeteringService);
      const user = `local-quota-${Date.now()}`;
      const now = Date.UTC(2026, 10, 22, 12, 0, 20, 0);
      const month = `${t.config.redis.keyPrefix}usage:month:${user}:2026-11`;
      await t.redis.set(month, '1000');
      expect(outcomes(await Promise.allSettled([metering.meter(key(user), now)]))).toEqual([
        'quota-exceeded',
      ]);
      await t.redis.set(month, '990'); // an operator's correction
      const soon = await Promise.allSettled([metering.meter(key(user), now + 5_000)]);
      expect(outcomes(soon)).toEqual(['quota-exceeded']);
      await expect(metering.meter(key(user, 'basic'), now + 6_000)).resolves.toMatchObject({
        'X-RateLimit-Limit': '10000',
      });
      await expect(metering.meter(key(user), now + 12_000)).resolves.toMatchObject({
        'X-RateLimit-Remaining': '8',
      });
    });

    it('starts a fresh quota when the month rolls over (UTC)', async () => {
      const metering = t.app.get(MeteringService);
      const user = `rollover-${Date.now()}`;
      const lastSecond = Date.UTC(2026, 10, 30, 23, 59, 59, 0);
      await t.redis.set(`${t.config.redis.keyPrefix}usage:month:${user}:2026-11`, '1000');
      const refused = await Promise.allSettled([metering.meter(key(user), lastSecond)]);
      expect(outcomes(refused)).toEqual(['quota-exceeded']);
      await expect(metering.meter(key(user), lastSecond + 1000)).resolves.toMatchObject({
        'X-RateLimit-Remaining': '999',
      });
    });
  });
});
