import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import { AnonymousSession, ApiKey, ContactMessage, UsageRepository, WebhookEvent } from '@fxrates/db';
import type { GivenKey } from '@fxrates/testing';
import {
  KEYS_PAGE_DEFAULT_LIMIT,
  KEYS_PAGE_MAX_LIMIT,
  MAX_ACTIVE_KEYS_PER_USER,
  MAX_DISABLED_KEYS_PER_USER,
} from '@fxrates/domain';
import { paypalEventJobId, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import {
  startPayPalStandIn,
  type PayPalStandIn,
  type SignedDelivery,
} from '../../../../libs/paypal/src/stand-in/paypal-stand-in';
import { ApiMetrics } from '../../src/common/metrics';
import { BODY_LIMIT_BYTES } from '../../src/common/input';
import { PAYPAL_WEBHOOK_BODY_LIMIT_BYTES } from '../../src/modules/billing/webhook-delivery';
import { MAX_SERIES_DAYS } from '../../src/modules/history';
import { givenIn } from '../support/given';
import { MovingClock } from '../support/moving-clock';
import { payPalEnv, webhookCallsTo } from '../support/paypal-env';
import { newEmail, PASSWORD } from '../support/auth-client';
import { keysOnPlans } from '../support/plan-keys';
import { rawRequest } from '../support/raw-http';
import { startTestApp, type TestApp } from '../test-app';
import { testConfig } from '../test-config';
import { accountState, bearer, patchAccountRaw, accountWithKey, type Account } from './support/accounts';
import { expectProblem, expectRawProblem } from './support/problem';

const FREE_QUOTA = 3;
const BASIC_BURST = 1;
const SESSIONS_PER_MINUTE = 3;
const WEBHOOKS_PER_MINUTE = 20;
const BASIC_ANNUAL = 'P-BASIC-ANNUAL';
const USAGE_READS_PER_MINUTE = 4;
const KEY_CREATIONS_PER_HOUR = 20;
/** Just over the body limit, in a field each route takes. */
const oversized = 'x'.repeat(BODY_LIMIT_BYTES + 1024);

describe('API4:2023 Unrestricted Resource Consumption', () => {
  let t: TestApp;
  let port: number;
  let alice: Account;
  let professional: string;
  let basic: string;
  let paypal: PayPalStandIn;
  const http = () => request(t.app.getHttpServer());
  const em = () => t.app.get(MikroORM).em.fork();

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ plans: { [BASIC_ANNUAL]: { interval: 'YEAR', price: '167.88' } } });
    t = await startTestApp(
      testConfig({
        ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
        PAYPAL_WEBHOOK_IP_PER_MINUTE: String(WEBHOOKS_PER_MINUTE),
        PLAN_LIMITS: `free=${FREE_QUOTA}:50,basic=100000:${BASIC_BURST}`,
        SESSION_CREATE_LIMIT_PER_MINUTE: String(SESSIONS_PER_MINUTE),
        USAGE_READS_PER_MINUTE: String(USAGE_READS_PER_MINUTE),
        KEY_CREATE_LIMIT_PER_HOUR: String(KEY_CREATIONS_PER_HOUR),
        TRUST_PROXY: 'true',
      }),
    );
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    alice = await accountWithKey(t);
    ({ professional, basic } = await keysOnPlans(t.app, ['professional', 'basic'] as const));
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  describe(`request bodies over ${BODY_LIMIT_BYTES / 1024} KB`, () => {
    it.each([
      [
        'POST',
        '/api/auth/register',
        { firstName: oversized, lastName: 'L', email: newEmail(), password: PASSWORD },
      ],
      ['POST', '/api/auth/login', { email: newEmail(), password: oversized }],
      ['PATCH', '/api/account', { company: oversized }],
      ['POST', '/api/keys', { name: oversized }],
      [
        'POST',
        '/api/v1/contact',
        { name: 'A', email: 'a@example.com', subject: 's', message: oversized, recaptchaToken: 'x' },
      ],
      ['POST', '/api/billing/paypal/webhook', { id: 'WH-1', event_type: 'X', padding: oversized }],
    ])('%s %s answers 413 payload-too-large and stores nothing', async (method, path, body) => {
      const before = await accountState(t, alice.userId);
      const contacts = await em().count(ContactMessage);
      const verb = method.toLowerCase() as 'post' | 'patch';
      const res = await http()[verb](path).set('Authorization', bearer(alice)).send(body);
      expectProblem(res, 413, 'payload-too-large');
      expect(await accountState(t, alice.userId)).toEqual(before);
      expect(await em().count(ContactMessage)).toEqual(contacts);
    });

    it('refuses a body whose Content-Length is over the limit before reading it', async () => {
      const answer = await rawRequest(
        port,
        `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${100 * 1024 * 1024}\r\nConnection: close\r\n\r\n{"email":`,
      );
      expectRawProblem(answer, 413, 'payload-too-large');
    });
  });

  describe('API keys', () => {
    it(`holds at most ${MAX_ACTIVE_KEYS_PER_USER} active keys, also when created all at once: 409 too-many-keys`, async () => {
      const bob = await accountWithKey(t);
      const answers = await Promise.all(
        Array.from({ length: MAX_ACTIVE_KEYS_PER_USER + 5 }, (_, i) =>
          http()
            .post('/api/keys')
            .set('Authorization', bearer(bob))
            .send({ name: `k${i}` }),
        ),
      );
      const refused = answers.filter((res) => res.status !== 201);
      expect(refused).toHaveLength(6); // the key from sign-up counts too
      for (const res of refused) expectProblem(res, 409, 'too-many-keys');
      expect(await em().count(ApiKey, { user: bob.userId, status: 'active' })).toBe(MAX_ACTIVE_KEYS_PER_USER);
    });

    const createKey = (account: Account, name = 'k') =>
      http().post('/api/keys').set('Authorization', bearer(account)).send({ name });
    const disableKey = (account: Account, id: string) =>
      http().post(`/api/keys/${id}/disable`).set('Authorization', bearer(account)).expect(200);

    /**
     * `count` disabled keys of `account`, written as if disabled `daysAgo` days ago and in the minutes
     * before, a minute apart, oldest first.
     */
    async function oldDisabledKeys(account: Account, count: number, daysAgo: number): Promise<GivenKey[]> {
      const newest = Date.now() - daysAgo * 86_400_000;
      return givenIn(t.app).keys({ id: account.userId }, count, {
        status: 'disabled',
        name: (index) => `old ${index + 1}`,
        createdAt: (index) => new Date(newest - (count - 1 - index) * 60_000),
      });
    }

    it(`lets one user create ${KEY_CREATIONS_PER_HOUR} keys an hour, then 429 rate-limited with Retry-After; others are not affected`, async () => {
      // Its first key was written by the factories, not created through the route: it does not count.
      const mallory = await accountWithKey(t);
      await disableKey(mallory, mallory.keyId);
      for (let i = 0; i < KEY_CREATIONS_PER_HOUR; i++) {
        const created = await createKey(mallory, `k${i}`).expect(201);
        await disableKey(mallory, created.body.id);
      }
      const before = await accountState(t, mallory.userId);
      const refused = await createKey(mallory, 'one too many');
      expectProblem(refused, 429, 'rate-limited');
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(60);
      expect(wait).toBeLessThanOrEqual(3600);
      expect(refused.body.message).toBe(
        `You have created too many API keys in a short time. Wait ${Math.ceil(wait / 60)} minutes, then try again.`,
      );
      expect(await accountState(t, mallory.userId)).toEqual(before);
      const trent = await accountWithKey(t);
      await createKey(trent).expect(201);
    });

    it(`lists disabled keys ${KEYS_PAGE_DEFAULT_LIMIT} a page with an opaque cursor, at most ${KEYS_PAGE_MAX_LIMIT}`, async () => {
      const owner = await accountWithKey(t);
      const ids = (await oldDisabledKeys(owner, 45, 1)).map((key) => key.id);
      const get = (query: string) =>
        http().get(`/api/keys/disabled${query}`).set('Authorization', bearer(owner));
      const seen: string[] = [];
      let query = '';
      const sizes: number[] = [];
      for (;;) {
        const page = await get(query).expect(200);
        sizes.push(page.body.data.length);
        seen.push(...page.body.data.map((key: { id: string; status: string }) => key.id));
        expect(JSON.stringify(page.body).length).toBeLessThan(KEYS_PAGE_DEFAULT_LIMIT * 500);
        if (page.body.next === null) {
          expect(page.headers.link).toBeUndefined();
          break;
        }
        expect(page.headers.link).toBe(
          `</api/keys/disabled?limit=${KEYS_PAGE_DEFAULT_LIMIT}&cursor=${page.body.next}>; rel="next"`,
        );
        query = `?cursor=${page.body.next}`;
      }
      expect(sizes).toEqual([20, 20, 5]);
      expect(seen).toEqual([...ids].reverse()); // newest first, each once

      const big = await get(`?limit=${KEYS_PAGE_MAX_LIMIT}`).expect(200);
      expect(big.body.data).toHaveLength(45);
      expectProblem(await get(`?limit=${KEYS_PAGE_MAX_LIMIT + 1}`), 400, 'validation-failed');
      expectProblem(await get('?limit=0'), 400, 'validation-failed');
      for (const cursor of [
        'nonsense!',
        'bm9uc2Vuc2U',
        Buffer.from(`1.${owner.userId}.x`).toString('base64url'),
      ]) {
        expectProblem(await get(`?cursor=${encodeURIComponent(cursor)}`), 400, 'invalid-cursor');
      }
      // Another user's cursor pages only the caller's own keys.
      const stranger = await accountWithKey(t);
      const foreign = await http()
        .get(`/api/keys/disabled?cursor=${(await get('?limit=1')).body.next}`)
        .set('Authorization', bearer(stranger))
        .expect(200);
      expect(foreign.body).toEqual({ data: [], next: null });
    });

    it(`keeps ${MAX_DISABLED_KEYS_PER_USER} disabled keys per user: disabling another deletes the longest-disabled, its usage history kept`, async () => {
      const owner = await accountWithKey(t);
      const oldKeys = await oldDisabledKeys(owner, MAX_DISABLED_KEYS_PER_USER, 2);
      const old = oldKeys.map((key) => key.id);
      const today = new Date().toISOString().slice(0, 10);
      // Free plan, quota 3: two calls of the oldest key flushed, one call now.
      await givenIn(t.app).usage(oldKeys[0], { [today]: 2 });
      await http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', owner.key).expect(200);

      const disabled = await disableKey(owner, owner.keyId);
      expect(disabled.body.status).toBe('disabled');
      const left = await em().find(ApiKey, { user: owner.userId, status: 'disabled' });
      expect(left).toHaveLength(MAX_DISABLED_KEYS_PER_USER);
      expect(left.map((row) => row.id)).not.toContain(old[0]);
      expect(left.map((row) => row.id)).toContain(old[1]);
      expect(left.map((row) => row.id)).toContain(owner.keyId);

      // The deleted key's calls still count: in PostgreSQL, on the dashboard, and for the month's quota.
      const kept = await new UsageRepository(em()).daysOfKey(old[0]);
      expect(kept.map((day) => Number(day.requests))).toEqual([2]);
      const usage = await http().get('/api/usage').set('Authorization', bearer(owner)).expect(200);
      expect(usage.body.used).toBe(3);
      expect(usage.body.days.at(-1)).toEqual({
        day: today,
        total: 3,
        byKey: { [old[0]]: 2, [owner.keyId]: 1 },
      });
      // Redis lost the month's counter: it is seeded again from PostgreSQL, the deleted key's calls included
      // (the call of a moment ago is not flushed here: no worker runs).
      await t.redis.del(`${t.config.redis.keyPrefix}usage:month:${owner.userId}:${today.slice(0, 7)}`);
      const seeded = await http().get('/api/usage').set('Authorization', bearer(owner)).expect(200);
      expect(seeded.body.used).toBe(2);
      const listed = await http()
        .get('/api/keys?status=disabled')
        .set('Authorization', bearer(owner))
        .expect(200);
      expect(listed.body).toHaveLength(MAX_DISABLED_KEYS_PER_USER);
    });
  });

  describe('the dashboard usage (GET /api/usage)', () => {
    /** Every command Redis runs on this app's keys while `during` runs, as seen by MONITOR. */
    async function redisCommands(during: () => Promise<unknown>): Promise<string[][]> {
      const monitor = await t.redis.monitor();
      const seen: string[][] = [];
      monitor.on('monitor', (_time: string, args: string[]) => {
        if (args.some((arg) => arg.startsWith(t.config.redis.keyPrefix))) seen.push(args);
      });
      try {
        await during();
      } finally {
        monitor.disconnect();
      }
      return seen;
    }

    it("reads only the caller's pending counts, by name: never the whole platform's hash", async () => {
      const carol = await accountWithKey(t);
      const dave = await accountWithKey(t);
      // Both have calls the worker has not flushed yet (no worker runs here).
      await http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', carol.key).expect(200);
      await http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', dave.key).expect(200);
      const pending = `${t.config.redis.keyPrefix}usage:pending`;
      expect(await t.redis.hkeys(pending)).toEqual(
        expect.arrayContaining([expect.stringContaining(carol.keyId), expect.stringContaining(dave.keyId)]),
      );

      let usage: request.Response | undefined;
      const commands = await redisCommands(async () => {
        usage = await http().get('/api/usage').set('Authorization', bearer(carol)).expect(200);
      });
      const onPending = commands.filter((args) => args.includes(pending));
      expect(onPending.length).toBeGreaterThan(0);
      for (const [command, , ...fields] of onPending) {
        expect(command.toLowerCase()).toBe('hmget');
        for (const field of fields) expect(field.startsWith(`${carol.keyId}|`)).toBe(true);
      }
      expect(JSON.stringify(usage?.body)).not.toContain(dave.keyId);
      expect(usage?.body.days.at(-1).byKey).toEqual({ [carol.keyId]: 1 });
    });

    it(`answers one user ${USAGE_READS_PER_MINUTE} times a minute, then 429 rate-limited with Retry-After; others are not affected`, async () => {
      const erin = await accountWithKey(t);
      for (let i = 0; i < USAGE_READS_PER_MINUTE; i++) {
        await http().get('/api/usage').set('Authorization', bearer(erin)).expect(200);
      }
      const refused = await http().get('/api/usage').set('Authorization', bearer(erin));
      expectProblem(refused, 429, 'rate-limited');
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(
        new RegExp(`^Too many usage requests in a short time\\. Wait ${wait} seconds?, then try again\\.$`),
      );
      const frank = await accountWithKey(t);
      await http().get('/api/usage').set('Authorization', bearer(frank)).expect(200);
    });
  });

  describe('the metered API', () => {
    it(`refuses calls over the monthly quota (${FREE_QUOTA} here): 429 quota-exceeded with Retry-After, not counted`, async () => {
      const { free } = await keysOnPlans(t.app, ['free'] as const);
      for (let call = 0; call < FREE_QUOTA; call++) {
        await http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', free).expect(200);
      }
      const refused = await http().get('/api/v1/rates/latest?symbols=EUR').set('X-API-Key', free);
      expectProblem(refused, 429, 'quota-exceeded');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const usage = await http().get('/api/v1/usage').set('X-API-Key', free).expect(200);
      expect(usage.body).toMatchObject({ used: FREE_QUOTA, remaining: 0 });
    });

    it(`refuses a burst over the plan's rate (${BASIC_BURST}/s here): 429 rate-limited with Retry-After`, async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          http().get('/api/v1/rates/rate?from=USD&to=GBP').set('X-API-Key', basic),
        ),
      );
      const refused = answers.filter((res) => res.status !== 200);
      expect(refused.length).toBeGreaterThan(0);
      for (const res of refused) {
        expectProblem(res, 429, 'rate-limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it.each([
      ['/api/v1/rates/timeseries', 'start=2020-01-01&end=2024-12-31'],
      ['/api/v1/rates/fluctuation', 'start=1999-01-04&end=2024-12-31'],
    ])(`%s refuses a span over ${MAX_SERIES_DAYS} days: 400 date-out-of-range`, async (path, query) => {
      expectProblem(
        await http().get(`${path}?${query}`).set('X-API-Key', professional),
        400,
        'date-out-of-range',
      );
    });

    it('refuses thousands of symbols: 400, not 500', async () => {
      const codes = Array.from({ length: 2500 }, (_, i) => ['EUR', 'GBP', 'JPY', 'CHF'][i % 4]).join(',');
      for (const path of ['/api/v1/rates/latest', '/api/v1/rates/timeseries']) {
        const res = await http()
          .get(`${path}?start=2024-01-01&end=2024-01-02&symbols=${codes}`)
          .set('X-API-Key', professional);
        expectProblem(res, 400, 'validation-failed');
      }
    });

    it('refuses a thousand parameters or one parameter given a thousand times: 400', async () => {
      const many = Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&');
      expectProblem(
        await http().get(`/api/v1/rates/rate?from=USD&to=EUR&${many}`).set('X-API-Key', professional),
        400,
        'validation-failed',
      );
      const repeated = Array.from({ length: 1000 }, () => 'from=USD').join('&');
      expectProblem(
        await http().get(`/api/v1/rates/rate?${repeated}&to=EUR`).set('X-API-Key', professional),
        400,
        'validation-failed',
      );
    });

    it.each([
      ['1e16', 'invalid-amount'],
      ['10000000000000001', 'amount-too-large'],
      ['9'.repeat(70), 'invalid-amount'],
      [`1.${'0'.repeat(70)}`, 'invalid-amount'],
    ])('refuses amount=%s: 400 %s', async (amount, code) => {
      expectProblem(
        await http().get(`/api/v1/convert?from=USD&to=EUR&amount=${amount}`).set('X-API-Key', professional),
        400,
        code,
      );
    });

    // Node refuses an over-long request line itself, in plain text.
    it('refuses a 100 KB query string with 414 or 431 problem+json, without echoing it', async () => {
      const query = `symbols=${'EUR,'.repeat(25_000)}USD`;
      const answer = await rawRequest(
        port,
        `GET /api/v1/rates/latest?${query} HTTP/1.1\r\nHost: x\r\nX-API-Key: ${professional}\r\nConnection: close\r\n\r\n`,
      );
      expect([414, 431]).toContain(answer.status);
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(JSON.parse(answer.body)).toMatchObject({ status: answer.status, code: expect.any(String) });
      expect(answer.body).not.toContain('EUR,EUR');
    });
  });

  describe('bodies that cost more to parse than to send', () => {
    // 3,000 levels of nesting are a 400, never a 500.
    it('refuses JSON nested 3,000 levels deep: 400, and changes nothing', async () => {
      const before = await accountState(t, alice.userId);
      const deep = `{"firstName":"Ada","company":${'['.repeat(3000)}${']'.repeat(3000)}}`;
      expectProblem(await patchAccountRaw(t, alice, deep), 400, 'validation-failed');
      expect(await accountState(t, alice.userId)).toEqual(before);
    });
  });

  // A forged PayPal webhook costs us nothing.
  describe('PayPal webhook deliveries', () => {
    let address = 0;
    /** Each delivery from an address of its own unless told, so only the throttle test meets the limit. */
    const deliver = ({ body, headers }: SignedDelivery, from = `198.18.${++address >> 8}.${address & 255}`) =>
      http().post('/api/billing/paypal/webhook').set(headers).set('X-Forwarded-For', from).send(body);
    const newEvent = () =>
      paypal.event(
        'BILLING.SUBSCRIPTION.ACTIVATED',
        paypal.createSubscription({ plan_id: BASIC_ANNUAL, custom_id: 'someone' }).id,
      );
    const storedEvents = async (eventIds: string[]) =>
      (await em().find(WebhookEvent, { eventId: { $in: eventIds } }, { orderBy: { eventId: 'asc' } })).map(
        (event) => event.eventId,
      );
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const withHeaders = (delivery: SignedDelivery, headers: Record<string, string>) => ({
      ...delivery,
      headers: { ...delivery.headers, ...headers },
    });

    it('refuses a flood of forgeries without one call to PayPal, and takes genuine deliveries during and after it', async () => {
      const accepted = paypal.sign(newEvent());
      await deliver(accepted).expect(200);
      const calls = webhookCallsTo(paypal);
      const unknownCert = `${paypal.url}/v1/notifications/certs/CERT-FORGED-${address}`;
      const forgedSig = Buffer.from('x'.repeat(256)).toString('base64');
      /** [forgery, status, code] */
      const kinds: [() => SignedDelivery, number, string][] = [
        [
          () => withHeaders(paypal.sign(newEvent()), { 'paypal-transmission-sig': forgedSig }),
          400,
          'webhook-signature-invalid',
        ],
        [
          () => withHeaders(paypal.sign(newEvent()), { 'paypal-cert-url': 'https://evil.example/cert.pem' }),
          400,
          'webhook-signature-invalid',
        ],
        [
          () =>
            withHeaders(paypal.sign(newEvent()), {
              'paypal-cert-url': paypal.certUrl.replace(paypal.url, 'http://api.paypal.com'),
            }),
          400,
          'webhook-signature-invalid',
        ],
        [
          () => withHeaders(paypal.sign(newEvent()), { 'paypal-cert-url': unknownCert }),
          400,
          'webhook-signature-invalid',
        ],
        [() => paypal.sign(newEvent(), { transmissionTime: hoursFromNow(-1) }), 400, 'webhook-stale'],
        [() => paypal.sign(newEvent(), { transmissionTime: hoursFromNow(1) }), 400, 'webhook-stale'],
        [
          () => paypal.sign(newEvent(), { transmissionId: accepted.headers['paypal-transmission-id'] }),
          409,
          'webhook-replayed',
        ],
        [
          () => paypal.sign({ ...newEvent(), summary: 'x'.repeat(PAYPAL_WEBHOOK_BODY_LIMIT_BYTES) }),
          413,
          'payload-too-large',
        ],
      ];
      const forgeries = Array.from({ length: 10 }, () => kinds).flat();
      const genuine = Array.from({ length: 5 }, () => newEvent());
      const answers = await Promise.all([
        ...forgeries.map(async ([forge]) => {
          const res = await deliver(forge());
          return [res.status, res.body.code];
        }),
        ...genuine.map(async (event) => (await deliver(paypal.sign(event))).status),
      ]);
      expect(answers.slice(0, forgeries.length)).toEqual(forgeries.map(([, status, code]) => [status, code]));
      expect(answers.slice(forgeries.length)).toEqual(genuine.map(() => 200));
      const after = newEvent();
      await deliver(paypal.sign(after)).expect(200);
      // Not one verify-webhook-signature call; the one certificate URL that was not cached fetched once.
      expect(calls()).toEqual({ verify: 0, certificates: [new URL(unknownCert).pathname], other: [] });
      const genuineIds = [...genuine, after].map((event) => event.id);
      expect(await storedEvents(genuineIds)).toEqual([...genuineIds].sort());
      const queue = t.app.get<Queue>(getQueueToken(QUEUES.paypalWebhooks));
      for (const id of genuineIds) expect(await queue.getJob(paypalEventJobId(id))).toBeDefined();
    });

    it(`lets one address deliver ${WEBHOOKS_PER_MINUTE} a minute, then 429 rate-limited with Retry-After; others are not affected`, async () => {
      const flooder = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
      const forged = () => withHeaders(paypal.sign(newEvent()), { 'paypal-transmission-sig': 'AAAA' });
      for (let i = 0; i < WEBHOOKS_PER_MINUTE; i++) await deliver(forged(), flooder).expect(400);
      const refused = await deliver(paypal.sign(newEvent()), flooder);
      expectProblem(refused, 429, 'rate-limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await deliver(paypal.sign(newEvent())).expect(200);
    });
  });

  describe('anonymous converter sessions', () => {
    it(`lets one address create ${SESSIONS_PER_MINUTE} a minute, then 429 rate-limited; others are not affected`, async () => {
      const address = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
      const create = (ip: string) => http().post('/api/auth/session').set('X-Forwarded-For', ip);
      for (let i = 0; i < SESSIONS_PER_MINUTE; i++) await create(address).expect(201);
      const before = await em().count(AnonymousSession);
      const refused = await create(address);
      expectProblem(refused, 429, 'rate-limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await em().count(AnonymousSession)).toEqual(before);
      await create(`198.51.100.${Math.floor(Math.random() * 200) + 20}`).expect(201);
    });
  });

  it('keeps each key name, name and company within its column', async () => {
    const before = await accountState(t, alice.userId);
    const keyName = http()
      .post('/api/keys')
      .send({ name: 'k'.repeat(65) });
    const company = http()
      .patch('/api/account')
      .send({ company: 'c'.repeat(201) });
    for (const attempt of [keyName, company]) {
      expectProblem(await attempt.set('Authorization', bearer(alice)), 400, 'validation-failed');
    }
    expect(await accountState(t, alice.userId)).toEqual(before);
  });
});

/** Free accounts cost a mailbox each, not a network prefix. */
describe('API4:2023 Unrestricted Resource Consumption: sign-ups per network', () => {
  const PER_IP = 2;
  const PER_48 = 5;
  const PER_56 = 3;
  const PER_24 = 4;
  let t: TestApp;
  const signUp = (ip: string) =>
    request(t.app.getHttpServer())
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send({ firstName: 'Eve', lastName: 'E', email: newEmail(), password: PASSWORD });

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({
        TRUST_PROXY: 'true',
        SIGNUP_LIMIT_PER_HOUR: String(PER_IP),
        SIGNUP_LIMIT_PER_HOUR_IPV6_48: String(PER_48),
        SIGNUP_LIMIT_PER_HOUR_IPV6_56: String(PER_56),
        SIGNUP_LIMIT_PER_HOUR_IPV4_24: String(PER_24),
      }),
    );
  });
  afterAll(() => t.close());

  it('stops an attacker spreading sign-ups over the /64s of one /48 at the /48 limit, and leaves other /48s alone', async () => {
    // One sign-up from each of many /64s, each in a /56 of its own: only the /48 sees them all.
    const statuses: number[] = [];
    for (let i = 0; i < PER_48 + 3; i++) {
      statuses.push((await signUp(`2001:db8:4800:${(i << 8).toString(16)}::1`)).status);
    }
    expect(statuses).toEqual([...Array(PER_48).fill(201), 429, 429, 429]);
    const refused = await signUp('2001:db8:4800:ff00::1');
    expectProblem(refused, 429, 'too-many-attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await signUp('2001:db8:4801::1').expect(201);
  });

  it('counts the /64s of one /56 together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_56 + 1; i++)
      statuses.push((await signUp(`2001:db8:5600:${i.toString(16)}::1`)).status);
    expect(statuses).toEqual([...Array(PER_56).fill(201), 429]);
  });

  it('counts the addresses of one IPv4 /24 together', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= PER_24 + 1; i++) statuses.push((await signUp(`198.51.100.${i}`)).status);
    expect(statuses).toEqual([...Array(PER_24).fill(201), 429]);
    await signUp('198.51.101.1').expect(201);
  });
});

/**
 * Past SIGNUP_WARN_PER_HOUR sign-ups in a clock hour across the platform, nobody is
 * refused (a launch can bring that many), but operators are told: a metric counts each further
 * sign-up and one warning is logged for the hour.
 */
describe('API4:2023 Unrestricted Resource Consumption: the platform-wide sign-up warning', () => {
  const WARN_PER_HOUR = 2;
  const WARNING = 'Sign-ups passed SIGNUP_WARN_PER_HOUR (2) this hour across the platform';
  let t: TestApp;
  const logLines: string[] = [];
  let client = 0;
  // Each from a network of its own: only the platform-wide count sees them together.
  const signUp = () =>
    request(t.app.getHttpServer())
      .post('/api/auth/register')
      .set('X-Forwarded-For', `203.0.${++client}.1`)
      .send({ firstName: 'Eve', lastName: 'E', email: newEmail(), password: PASSWORD });
  const warnings = () => logLines.filter((line) => line.includes(WARNING));
  const clock = new MovingClock();

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    // This app's own Redis key prefix: its hourly count starts from none, whatever other tests did.
    t = await startTestApp(
      testConfig({ TRUST_PROXY: 'true', LOG_LEVEL: 'info', SIGNUP_WARN_PER_HOUR: String(WARN_PER_HOUR) }),
      { logDestination: sink, clock },
    );
  });
  afterAll(() => t.close());

  it('refuses nobody past it, counts each further sign-up in a metric, and logs one warning for the hour', async () => {
    // The count is per clock hour: start at least a minute before the hour ends, so that the sign-ups
    // below fall in one hour however slow the machine (the app's clock is moved there, not waited for).
    const leftOfHour = 3_600_000 - (clock.now() % 3_600_000);
    if (leftOfHour < 60_000) clock.advance(leftOfHour + 1000);

    for (let i = 0; i < WARN_PER_HOUR; i++) await signUp().expect(201);
    expect(await overWarning()).toBe(0);
    expect(warnings()).toEqual([]);

    await signUp().expect(201);
    await signUp().expect(201);
    expect(await overWarning()).toBe(2);
    // Logged once the ceiling is passed, not for every sign-up past it.
    const [warning, ...more] = warnings();
    expect(more).toEqual([]);
    expect(JSON.parse(warning)).toMatchObject({ level: 40, context: 'SignupThrottleService' });
  }, 120_000);

  it("starts counting again in the app clock's next hour", async () => {
    // The hour above is full; an hour later on the app's clock, as many sign-ups are under the ceiling.
    clock.advance(3_600_000);
    const before = await overWarning();
    for (let i = 0; i < WARN_PER_HOUR; i++) await signUp().expect(201);
    expect(await overWarning()).toBe(before);
    expect(warnings()).toHaveLength(1);
  });

  async function overWarning(): Promise<number> {
    const metrics = await t.app
      .get(ApiMetrics)
      .registry.getSingleMetricAsString('fxrates_signups_over_warning_total');
    return Number(/fxrates_signups_over_warning_total (\d+)/.exec(metrics)?.[1] ?? 0);
  }
});
