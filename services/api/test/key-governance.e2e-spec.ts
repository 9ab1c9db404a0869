import { MikroORM } from '@mikro-orm/postgresql';
import { ApiKey } from '@fxrates/db';
import { usageRedisKeys } from '@fxrates/queues';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { ResponseObject } from '@nestjs/swagger';
import { problemCodesOf } from '../src/common/openapi';
import { KeysService } from '../src/modules/keys';
import { givenIn } from './support/given';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** Asks `probe` until it returns true; the test's timeout bounds the wait. */
async function eventually(probe: () => Promise<boolean>): Promise<void> {
  while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, 50));
}

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

/**
 * What a company restricts its keys to, enforced on every call over real HTTP: scopes, networks (IPv4
 * and IPv6, with and without a trusted proxy), publishable keys' origins and CORS, test keys, rolled
 * secrets, monthly caps and expiry, and edits reaching another instance.
 */
describe('keys a company can govern', () => {
  let t: TestApp;
  let behindProxy: TestApp;
  /** An instance whose cache trusts for an hour: only an announcement changes its mind in a test. */
  let trusting: TestApp;
  let port: number;
  let proxiedPort: number;
  let trustingPort: number;

  beforeAll(async () => {
    const config = testConfig();
    t = await startTestApp(config);
    behindProxy = await startTestApp(testConfig({ TRUST_PROXY: 'true' }));
    trusting = await startTestApp({ ...config, keys: { ...config.keys, cacheMaxAgeMs: 3_600_000 } });
    // Dual-stack: the same server answers 127.0.0.1 (seen as ::ffff:127.0.0.1) and ::1.
    for (const app of [t, behindProxy, trusting]) await app.app.listen({ port: 0, host: '::' });
    await givenIn(t.app).closes({ [DAY]: { EUR: '0.9276' } });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    proxiedPort = (behindProxy.app.getHttpServer().address() as AddressInfo).port;
    trustingPort = (trusting.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await trusting.app.close();
    await trusting.redis.quit();
    await behindProxy.close();
    await t.close();
  });

  const call = async (
    path: string,
    key: string,
    {
      host = '127.0.0.1',
      on = port,
      headers = {},
    }: { host?: string; on?: number; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const response = await fetch(`http://${host}:${on}${path}`, {
      headers: { 'X-API-Key': key, ...headers },
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A CSV or an empty body: the text says it.
    }
    return { status: response.status, headers: response.headers, body, text };
  };

  async function owner(plan: 'free' | 'professional' = 'professional') {
    const user = await signedInUser(t.app, { plan });
    const auth = (test: request.Test) => test.set('Authorization', `Bearer ${user.accessToken}`);
    const http = () => request(t.app.getHttpServer());
    return {
      user,
      create: (body: object) => auth(http().post('/api/keys')).send(body),
      update: (id: string, body: object) => auth(http().patch(`/api/keys/${id}`)).send(body),
      roll: (id: string, overlapHours: number) =>
        auth(http().post(`/api/keys/${id}/roll`)).send({ overlapHours }),
      list: () => auth(http().get('/api/keys')),
      async key(body: object): Promise<{ id: string; key: string; [field: string]: unknown }> {
        const created = await this.create({ name: 'governed', ...body });
        expect(created.status).toBe(201);
        return created.body as { id: string; key: string };
      },
    };
  }

  const LATEST = '/api/v1/rates/latest?base=USD&symbols=EUR';
  const DAY = '2003-03-03';
  const HISTORICAL = `/api/v1/rates/historical/${DAY}?symbols=EUR`;

  describe('scopes', () => {
    it('refuses an endpoint outside the key scopes with 403 scope-not-allowed naming the scope', async () => {
      const company = await owner();
      const { key } = await company.key({ scopes: ['rates:read'] });
      expect((await call(LATEST, key)).status).toBe(200);
      expect((await call('/api/v1/currencies', key)).status).toBe(200);
      const history = await call(HISTORICAL, key);
      expect(history.status).toBe(403);
      expect(history.headers.get('content-type')).toContain('application/problem+json');
      expect(history.body).toMatchObject({ code: 'scope-not-allowed', status: 403 });
      expect(history.body.message).toContain('"history:read"');
      const usage = await call('/api/v1/usage', key);
      expect(usage.body).toMatchObject({ code: 'scope-not-allowed' });
      expect(usage.body.message).toContain('"usage:read"');
    });

    it('a new secret key holds every scope; an empty or unknown scope is a 400 saying what to send', async () => {
      const company = await owner();
      const created = await company.key({});
      expect(created.scopes).toEqual(['rates:read', 'history:read', 'stream', 'usage:read', 'webhooks']);
      for (const scopes of [[], ['rates:write'], 'rates:read']) {
        const refused = await company.create({ name: 'bad', scopes }).expect(400);
        expect(refused.body.code).toBe('validation-failed');
        expect(refused.body.message).toMatch(/scope/);
      }
    });
  });

  describe('networks', () => {
    it('admits only the listed IPv4 and IPv6 networks, on the fast path and through Fastify alike', async () => {
      const company = await owner();
      const v4 = await company.key({ allowedNetworks: ['127.0.0.0/8'] });
      const v6 = await company.key({ allowedNetworks: ['::1/128'] });
      expect(v4.allowedNetworks).toEqual(['127.0.0.0/8']);
      expect((await call(LATEST, v4.key)).status).toBe(200);
      const fromV6 = await call(LATEST, v4.key, { host: '[::1]' });
      expect(fromV6.status).toBe(403);
      expect(fromV6.body).toMatchObject({ code: 'ip-not-allowed' });
      expect(fromV6.body.message).toContain('::1');
      expect((await call(LATEST, v6.key, { host: '[::1]' })).status).toBe(200);
      expect((await call(LATEST, v6.key)).body).toMatchObject({ code: 'ip-not-allowed' });
      // A path with a parameter is routed by Fastify, which reads the address itself.
      expect((await call(HISTORICAL, v6.key, { host: '[::1]' })).status).toBe(200);
      expect((await call(HISTORICAL, v4.key, { host: '[::1]' })).body).toMatchObject({
        code: 'ip-not-allowed',
      });
    });

    it('behind a trusted proxy checks the forwarded address, and without TRUST_PROXY ignores it', async () => {
      const company = await owner();
      const { key } = await company.key({ allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'] });
      const from = (address: string, on: number) =>
        call(LATEST, key, { on, headers: { 'X-Forwarded-For': address } });
      expect((await from('203.0.113.77', proxiedPort)).status).toBe(200);
      expect((await from('2001:db8:ffff::1', proxiedPort)).status).toBe(200);
      expect((await from('198.51.100.1', proxiedPort)).body).toMatchObject({ code: 'ip-not-allowed' });
      expect((await from('2001:db9::1', proxiedPort)).body).toMatchObject({ code: 'ip-not-allowed' });
      // Not trusted: the header is anyone's to write, the socket's address (127.0.0.1) decides.
      expect((await from('203.0.113.77', port)).body).toMatchObject({ code: 'ip-not-allowed' });
    });

    it('refuses what is not a network with a 400 naming it', async () => {
      const company = await owner();
      for (const network of ['10.0.0.0/33', 'example.com', '2001:db8::/129', '10.0.0/8']) {
        const refused = await company.create({ name: 'bad', allowedNetworks: [network] }).expect(400);
        expect(refused.body).toMatchObject({ code: 'validation-failed' });
        expect(refused.body.message).toContain(network);
      }
    });
  });

  describe('publishable keys', () => {
    const SHOP = 'https://shop.example.com';

    it('answers its own origins with CORS for them only, and refuses others and none', async () => {
      const company = await owner();
      const pk = await company.key({ kind: 'publishable', allowedOrigins: [`${SHOP}/`] });
      expect(pk.key).toMatch(/^fxrates_pk_[0-9a-f]{32}$/);
      expect(pk).toMatchObject({
        kind: 'publishable',
        scopes: ['rates:read', 'history:read'],
        allowedOrigins: [SHOP],
      });

      const fromShop = await call(LATEST, pk.key, { headers: { Origin: SHOP } });
      expect(fromShop.status).toBe(200);
      expect(fromShop.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(fromShop.headers.get('access-control-allow-credentials')).toBeNull();
      expect(fromShop.headers.get('vary')).toMatch(/Origin/);
      expect(fromShop.headers.get('access-control-expose-headers')).toMatch(/RateLimit/);

      const foreign = await call(LATEST, pk.key, { headers: { Origin: 'https://evil.example' } });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ code: 'origin-not-allowed' });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      const none = await call(LATEST, pk.key);
      expect(none.status).toBe(403);
      expect(none.body).toMatchObject({ code: 'origin-not-allowed' });

      // Read-only: the account's usage is not a page's to read.
      expect((await call('/api/v1/usage', pk.key, { headers: { Origin: SHOP } })).body).toMatchObject({
        code: 'scope-not-allowed',
      });
    });

    it('grants the preflight of a GET with the key header from any origin, without credentials', async () => {
      const preflight = await fetch(`http://127.0.0.1:${port}${LATEST}`, {
        method: 'OPTIONS',
        headers: {
          Origin: SHOP,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-api-key',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/X-API-Key/i);
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      const post = await fetch(`http://127.0.0.1:${port}${LATEST}`, {
        method: 'OPTIONS',
        headers: { Origin: SHOP, 'Access-Control-Request-Method': 'POST' },
      });
      expect(post.status).toBe(403);
    });

    it('needs an origin, holds only read scopes, and gets half the burst', async () => {
      const company = await owner('free');
      expect((await company.create({ name: 'pk', kind: 'publishable' }).expect(400)).body.message).toMatch(
        /origin/,
      );
      expect(
        (
          await company
            .create({ name: 'pk', kind: 'publishable', allowedOrigins: [SHOP], scopes: ['stream'] })
            .expect(400)
        ).body.message,
      ).toMatch(/stream/);
      for (const origin of [
        'http://shop.example.com',
        'https://shop.example.com/path',
        'shop.example.com',
        '*',
      ])
        await company.create({ name: 'pk', kind: 'publishable', allowedOrigins: [origin] }).expect(400);
      expect((await company.create({ name: 'sk', allowedOrigins: [SHOP] }).expect(400)).body.message).toMatch(
        /publishable/,
      );

      // The Free plan's burst is 2 a second, a publishable key's 1: three calls span at most two seconds.
      const pk = await company.key({ kind: 'publishable', allowedOrigins: [SHOP] });
      const answers = await Promise.all(
        [1, 2, 3].map(() => call(LATEST, pk.key, { headers: { Origin: SHOP } })),
      );
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused[0].body.message).toContain('More than 1 requests per second');
    });
  });

  describe('test keys', () => {
    it('answer from the bundled snapshot, marked as test, and are never counted', async () => {
      const company = await owner();
      const test = await company.key({ kind: 'test' });
      const live = await company.key({});
      expect(test.key).toMatch(/^fxrates_test_[0-9a-f]{32}$/);
      const answer = await call(LATEST, test.key);
      expect(answer.status).toBe(200);
      expect(answer.text.startsWith('{"environment":"test",')).toBe(true);
      expect(answer.body.source).toEqual(['bundled-snapshot']);
      expect(answer.headers.get('fxrates-environment')).toBe('test');
      const csv = await call(
        `/api/v1/rates/timeseries?symbols=EUR&start=${DAY}&end=${DAY}&format=csv`,
        test.key,
      );
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('fxrates-environment')).toBe('test');
      // Another test key: each has the Free burst of two calls a second.
      const another = await company.key({ kind: 'test' });
      const series = await call(`/api/v1/rates/timeseries?symbols=EUR&start=${DAY}&end=${DAY}`, another.key);
      expect(series.text.startsWith('{"environment":"test",')).toBe(true);
      expect(series.body.rates).toEqual({ [DAY]: { EUR: 0.9276 } });
      // A live key's answer is untouched.
      const liveAnswer = await call(LATEST, live.key);
      expect(liveAnswer.text).not.toContain('"environment"');
      expect(liveAnswer.headers.get('fxrates-environment')).toBeNull();

      const usage = await call('/api/v1/usage', live.key);
      expect(usage.body.used).toBe(1);
      const month = new Date().toISOString().slice(0, 7);
      const counter = usageRedisKeys(t.config.redis.keyPrefix).month(company.user.userId, month);
      expect(await t.redis.get(counter)).toBe('1');
    });

    it('are held to the Free burst', async () => {
      const company = await owner('professional');
      const test = await company.key({ kind: 'test' });
      // Two a second: five calls span at most two seconds.
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => call(LATEST, test.key)));
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused[0].body).toMatchObject({ code: 'rate-limited' });
      expect(refused[0].headers.get('retry-after')).toBe('1');
    });
  });

  describe('rolling a key', () => {
    it('answers a new secret once; the old one works until its overlap ends, then 401 api-key-rolled', async () => {
      const company = await owner();
      const first = await company.key({ scopes: ['rates:read'], allowedNetworks: ['127.0.0.0/8'] });
      expect((await call(LATEST, first.key)).status).toBe(200);
      const rolled = await company.roll(first.id, 24).expect(200);
      expect(rolled.headers['cache-control']).toBe('no-store');
      const second = rolled.body as {
        key: string;
        id: string;
        retiring: { maskedKey: string; retiresAt: string };
      };
      expect(second.id).toBe(first.id);
      expect(second.key).not.toBe(first.key);
      expect(second.retiring.maskedKey.endsWith(first.key.slice(-4))).toBe(true);
      const retiresAt = Date.parse(second.retiring.retiresAt);
      expect(retiresAt - Date.now()).toBeGreaterThan(23 * 3600_000);
      expect(retiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
      // Both work, with the key's restrictions.
      expect((await call(LATEST, second.key)).status).toBe(200);
      expect((await call(LATEST, first.key)).status).toBe(200);
      expect((await call(HISTORICAL, first.key)).body).toMatchObject({ code: 'scope-not-allowed' });
      expect((await company.list().expect(200)).body[0].retiring).toEqual(second.retiring);

      // The overlap ends (written behind the instance's back, then announced as an edit would be).
      const em = t.app.get(MikroORM).em.fork();
      const row = await em.findOneOrFail(ApiKey, first.id);
      row.previousRetiresAt = new Date(Date.now() - 1000);
      await em.flush();
      await t.app.get(KeysService).announceChanged([row.previousKeyHash!]);
      await eventually(async () => (await call(LATEST, first.key)).status === 401);
      const retired = await call(LATEST, first.key);
      expect(retired.body).toMatchObject({ code: 'api-key-rolled' });
      expect((await call(LATEST, second.key)).status).toBe(200);
      expect((await company.list().expect(200)).body[0].retiring).toBeNull();
    });

    it('with no overlap the old secret stops at once, and more than 7 days is refused', async () => {
      const company = await owner();
      const first = await company.key({});
      expect((await call(LATEST, first.key, { on: trustingPort })).status).toBe(200);
      await company.roll(first.id, 0).expect(200);
      // Even the instance that trusts its cache for an hour hears of it.
      await eventually(async () => (await call(LATEST, first.key, { on: trustingPort })).status === 401);
      expect((await call(LATEST, first.key, { on: trustingPort })).body).toMatchObject({
        code: 'api-key-rolled',
      });
      expect((await company.list().expect(200)).body[0].retiring).toBeNull();
      expect((await company.roll(first.id, 169).expect(400)).body.code).toBe('validation-failed');
      expect((await company.roll(first.id, 1.5).expect(400)).body.code).toBe('validation-failed');
    });
  });

  describe('caps and expiry', () => {
    it('stops a key at its own monthly cap while the account still has quota', async () => {
      const company = await owner('professional');
      const capped = await company.key({ monthlyCap: 3 });
      const other = await company.key({});
      for (let i = 0; i < 3; i++) expect((await call(LATEST, capped.key)).status).toBe(200);
      const stopped = await call(LATEST, capped.key);
      expect(stopped.status).toBe(429);
      expect(stopped.body).toMatchObject({ code: 'key-cap-reached' });
      expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call(LATEST, other.key)).status).toBe(200);
      // Raising the cap lets it go on.
      await company.update(capped.id, { monthlyCap: 4 }).expect(200);
      await eventually(async () => (await call(LATEST, capped.key)).status === 200);
      expect((await call(LATEST, capped.key)).body).toMatchObject({ code: 'key-cap-reached' });
    });

    it('counts a cap from the month so far when the counter is missing (Redis lost it)', async () => {
      const company = await owner('professional');
      const capped = await company.key({ monthlyCap: 2 });
      expect((await call(LATEST, capped.key)).status).toBe(200);
      const month = new Date().toISOString().slice(0, 7);
      const layout = usageRedisKeys(t.config.redis.keyPrefix);
      expect(await t.redis.get(layout.keyMonth(capped.id, month))).toBe('1');
      // Lost: seeded again from PostgreSQL's records, which the worker has not written yet (0 here).
      await t.redis.del(layout.keyMonth(capped.id, month));
      expect((await call(LATEST, capped.key)).status).toBe(200);
      expect(await t.redis.get(layout.keyMonth(capped.id, month))).toBe('1');
    });

    it('refuses a key past its expiry with 401 api-key-expired, and an expiry in the past is a 400', async () => {
      const company = await owner();
      const inAnHour = new Date(Date.now() + 3600_000).toISOString();
      const expiring = await company.key({ expiresAt: inAnHour });
      expect(expiring.expiresAt).toBe(inAnHour);
      expect((await call(LATEST, expiring.key)).status).toBe(200);
      const em = t.app.get(MikroORM).em.fork();
      const row = await em.findOneOrFail(ApiKey, expiring.id);
      row.expiresAt = new Date(Date.now() - 1000);
      await em.flush();
      await t.app.get(KeysService).announceChanged([row.keyHash]);
      await eventually(async () => (await call(LATEST, expiring.key)).status === 401);
      const expired = await call(LATEST, expiring.key);
      expect(expired.body).toMatchObject({ code: 'api-key-expired' });
      expect(expired.body.message).toContain(row.expiresAt.toISOString());

      const past = new Date(Date.now() - 60_000).toISOString();
      expect((await company.create({ name: 'late', expiresAt: past }).expect(400)).body.message).toMatch(
        /future/,
      );
    });
  });

  it("records each change of a key in the account's audit log: who, what, from where", async () => {
    const company = await owner();
    const { id } = await company.key({ name: 'audited', scopes: ['rates:read'] });
    await company.update(id, { allowedNetworks: ['203.0.113.0/24'], monthlyCap: 10 }).expect(200);
    await company.update(id, { monthlyCap: 10 }).expect(200); // no change: nothing recorded
    await company.roll(id, 24).expect(200);
    await request(t.app.getHttpServer())
      .post(`/api/keys/${id}/disable`)
      .set('Authorization', `Bearer ${company.user.accessToken}`)
      .set('User-Agent', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0.0.0 Safari/537.36')
      .expect(200);
    const log = await request(t.app.getHttpServer())
      .get('/api/account/audit')
      .set('Authorization', `Bearer ${company.user.accessToken}`)
      .expect(200);
    const keyEvents = (log.body.data as { action: string; target: { id: string } | null }[]).filter(
      (event) => event.target?.id === id,
    );
    expect(keyEvents.map((event) => event.action)).toEqual([
      'key.disabled',
      'key.rolled',
      'key.restricted',
      'key.created',
    ]);
    const [disabled, rolled, restricted, created] = keyEvents as unknown as Record<string, unknown>[];
    expect(created).toMatchObject({
      actor: { type: 'user', email: company.user.email },
      target: { type: 'api-key', id, name: 'audited' },
      detail: { kind: 'secret', scopes: ['rates:read'] },
      ip: expect.stringMatching(/127\.0\.0\.1/),
    });
    expect(restricted).toMatchObject({ detail: { changes: ['allowedNetworks', 'monthlyCap'] } });
    expect(rolled).toMatchObject({ detail: { overlapHours: 24, retiresAt: expect.any(String) } });
    expect(disabled).toMatchObject({ browser: 'Chrome 131 on macOS' });
  });

  it('documents each refusal, on every /api/v1 operation and on the key routes', async () => {
    const document = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
    };
    const codesOf = (path: string, method: string) =>
      Object.values(document.paths[path][method].responses).flatMap((response) => problemCodesOf(response));
    for (const path of Object.keys(document.paths).filter((path) => path.startsWith('/api/v1/rates/'))) {
      expect(codesOf(path, 'get')).toEqual(
        expect.arrayContaining([
          'scope-not-allowed',
          'ip-not-allowed',
          'origin-not-allowed',
          'api-key-expired',
          'api-key-rolled',
          'key-cap-reached',
        ]),
      );
    }
    expect(codesOf('/api/v1/usage', 'get')).toEqual(
      expect.arrayContaining(['scope-not-allowed', 'ip-not-allowed']),
    );
    expect(codesOf('/api/keys/{id}', 'patch')).toEqual(
      expect.arrayContaining(['validation-failed', 'key-not-found']),
    );
    expect(codesOf('/api/keys/{id}/roll', 'post')).toEqual(
      expect.arrayContaining(['validation-failed', 'key-not-found', 'reauthentication-required']),
    );
  });

  describe('editing', () => {
    it('an edit through one instance reaches another at once, and the kind never changes', async () => {
      const company = await owner();
      const { id, key } = await company.key({});
      expect((await call(HISTORICAL, key, { on: trustingPort })).status).toBe(200);
      const edited = await company.update(id, { scopes: ['rates:read'], name: 'narrowed' }).expect(200);
      expect(edited.body).toMatchObject({ name: 'narrowed', scopes: ['rates:read'] });
      await eventually(async () => (await call(HISTORICAL, key, { on: trustingPort })).status === 403);
      expect((await call(HISTORICAL, key, { on: trustingPort })).body).toMatchObject({
        code: 'scope-not-allowed',
      });
      await company.update(id, { allowedNetworks: ['::1/128'] }).expect(200);
      await eventually(async () => (await call(LATEST, key, { on: trustingPort })).status === 403);
      expect((await call(LATEST, key, { on: trustingPort, host: '[::1]' })).status).toBe(200);

      expect((await company.update(id, { kind: 'test' }).expect(400)).body.code).toBe('validation-failed');
      const stranger = await owner();
      expect((await stranger.update(id, { scopes: ['stream'] }).expect(404)).body.code).toBe('key-not-found');
    });
  });
});
