import { MikroORM } from '@mikro-orm/postgresql';
import { WebhookEndpoint, WebhookSecretBox } from '@fxrates/db';
import { PLANS, type PlanId } from '@fxrates/domain';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';
import { expectProblem } from './security/support/problem';

interface Caller {
  userId: string;
  /** Sets the caller's credentials on a request. */
  auth: (test: request.Test) => request.Test;
}

/** The two surfaces of the same operations: the dashboard (signed in) and API keys (`webhooks` scope). */
const SURFACES = ['/api/webhooks', '/api/v1/webhooks'] as const;

describe('webhooks API: endpoints, secret once, delivery log, scope, plan counts, validation', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await startTestApp(testConfig());
  });
  afterAll(() => t.close());

  /** A signed-in account on `plan`, with a key of `scopes` (every scope unless given). */
  async function account(plan: PlanId = 'free', scopes?: string[]) {
    const user = await signedInUser(t.app, { plan });
    const bearer = `Bearer ${user.accessToken}`;
    const key = await http()
      .post('/api/keys')
      .set('Authorization', bearer)
      .send({ name: 'webhooks', ...(scopes ? { scopes } : {}) })
      .expect(201);
    const session: Caller = { userId: user.userId, auth: (test) => test.set('Authorization', bearer) };
    const withKey: Caller = {
      userId: user.userId,
      auth: (test) => test.set('X-API-Key', key.body.key as string),
    };
    return { session, withKey, bearer, key: key.body.key as string };
  }

  const callerOn = (surface: (typeof SURFACES)[number], a: Awaited<ReturnType<typeof account>>) =>
    surface === '/api/webhooks' ? a.session : a.withKey;

  describe.each(SURFACES)('%s', (base) => {
    it('creates an endpoint, answering its secret once; lists, changes, disables, enables and deletes it', async () => {
      const a = await account('basic');
      const caller = callerOn(base, a);
      const created = await caller
        .auth(http().post(base))
        .send({
          url: 'https://hooks.example.com/fx',
          description: 'Receiver',
          events: ['rate.changed', 'alert.triggered'],
          pairs: ['eur/usd'],
          minChangePercent: '0.25',
        })
        .expect(201);
      expect(created.headers['cache-control']).toBe('no-store');
      expect(created.body).toEqual({
        endpoint: {
          id: expect.any(String),
          url: 'https://hooks.example.com/fx',
          description: 'Receiver',
          events: ['rate.changed', 'alert.triggered'],
          pairs: ['EUR/USD'],
          minChangePercent: '0.25',
          status: 'active',
          disabledReason: null,
          createdAt: expect.any(String),
        },
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      });
      const { id } = created.body.endpoint as { id: string };
      const secret = created.body.secret as string;

      // Sealed at rest, never answered again.
      const row = await t.app
        .get(MikroORM)
        .em.fork()
        .findOneOrFail(WebhookEndpoint, { id }, { populate: ['secretSealed'] });
      expect(row.secretSealed).not.toContain(secret.slice(6, 20));
      expect(new WebhookSecretBox(t.config.keys.hashSecret).open(row.secretSealed, id)).toBe(secret);
      const listed = await caller.auth(http().get(base)).expect(200);
      expect(listed.body).toEqual({
        endpoints: [created.body.endpoint],
        limit: PLANS.basic.webhookEndpoints,
      });
      expect(JSON.stringify(listed.body)).not.toContain(secret);

      const changed = await caller
        .auth(http().patch(`${base}/${id}`))
        .send({ events: ['rates.published'], minChangePercent: '1' })
        .expect(200);
      expect(changed.body.endpoint).toMatchObject({
        events: ['rates.published'],
        minChangePercent: '1',
        pairs: ['EUR/USD'],
      });
      const disabled = await caller
        .auth(http().patch(`${base}/${id}`))
        .send({ enabled: false })
        .expect(200);
      expect(disabled.body.endpoint).toMatchObject({
        status: 'disabled',
        disabledReason: expect.stringMatching(/^Disabled by you on /),
      });
      const enabled = await caller
        .auth(http().patch(`${base}/${id}`))
        .send({ enabled: true })
        .expect(200);
      expect(enabled.body.endpoint).toMatchObject({ status: 'active', disabledReason: null });

      const tested = await caller.auth(http().post(`${base}/${id}/test`)).expect(202);
      expect(tested.body.delivery).toMatchObject({
        type: 'rates.published',
        status: 'pending',
        attempts: 0,
        eventId: expect.stringMatching(/^evt_test_/),
        replayOf: null,
      });
      const log = await caller.auth(http().get(`${base}/${id}/deliveries`)).expect(200);
      expect(log.body).toEqual({ deliveries: [tested.body.delivery], nextCursor: null });
      const replayed = await caller
        .auth(http().post(`${base}/${id}/deliveries/${tested.body.delivery.id as string}/replay`))
        .expect(202);
      expect(replayed.body.delivery).toMatchObject({
        replayOf: tested.body.delivery.id,
        eventId: tested.body.delivery.eventId,
      });
      const paged = await caller.auth(http().get(`${base}/${id}/deliveries?limit=1`)).expect(200);
      expect(paged.body.deliveries.map((d: { id: string }) => d.id)).toEqual([replayed.body.delivery.id]);
      const rest = await caller
        .auth(http().get(`${base}/${id}/deliveries?limit=1&cursor=${paged.body.nextCursor as string}`))
        .expect(200);
      expect(rest.body).toEqual({ deliveries: [tested.body.delivery], nextCursor: null });

      await caller.auth(http().delete(`${base}/${id}`)).expect(204);
      expect((await caller.auth(http().get(base)).expect(200)).body.endpoints).toEqual([]);
      expectProblem(await caller.auth(http().delete(`${base}/${id}`)), 404, 'webhook-endpoint-not-found');
    });

    it("answers another account's endpoint, and ids that are none, with the same 404", async () => {
      const owner = await account('basic');
      const other = await account('basic');
      const created = await callerOn(base, owner)
        .auth(http().post(base))
        .send({ url: 'https://hooks.example.com/mine', events: ['rates.published'] })
        .expect(201);
      const id = created.body.endpoint.id as string;
      const intruder = callerOn(base, other);
      for (const target of [id, randomUUID(), 'not-a-uuid', `${id}%00`, '..%2F..']) {
        expectProblem(
          await intruder.auth(http().patch(`${base}/${target}`)).send({ enabled: false }),
          404,
          'webhook-endpoint-not-found',
        );
        expectProblem(
          await intruder.auth(http().delete(`${base}/${target}`)),
          404,
          'webhook-endpoint-not-found',
        );
        expectProblem(
          await intruder.auth(http().post(`${base}/${target}/test`)),
          404,
          'webhook-endpoint-not-found',
        );
        expectProblem(
          await intruder.auth(http().get(`${base}/${target}/deliveries`)),
          404,
          'webhook-endpoint-not-found',
        );
        expectProblem(
          await intruder.auth(http().post(`${base}/${target}/deliveries/${randomUUID()}/replay`)),
          404,
          'webhook-endpoint-not-found',
        );
      }
      const owner_ = callerOn(base, owner);
      expectProblem(
        await owner_.auth(http().post(`${base}/${id}/deliveries/not-a-uuid/replay`)),
        404,
        'webhook-delivery-not-found',
      );
      expectProblem(
        await owner_.auth(http().post(`${base}/${id}/deliveries/${randomUUID()}/replay`)),
        404,
        'webhook-delivery-not-found',
      );
      expectProblem(
        await owner_.auth(http().get(`${base}/${id}/deliveries?cursor=nope!`)),
        400,
        'invalid-cursor',
      );
      const mine = await owner_.auth(http().get(base)).expect(200);
      expect(mine.body.endpoints[0]).toMatchObject({ id, status: 'active' });
      expect((await intruder.auth(http().get(base)).expect(200)).body.endpoints).toEqual([]);
    });

    it("refuses an endpoint beyond the plan's count, naming the plan that allows more", async () => {
      const a = await account('free');
      const caller = callerOn(base, a);
      for (let i = 0; i < PLANS.free.webhookEndpoints; i++) {
        await caller
          .auth(http().post(base))
          .send({ url: `https://hooks.example.com/${i}`, events: ['rates.published'] })
          .expect(201);
      }
      const refused = await caller
        .auth(http().post(base))
        .send({ url: 'https://hooks.example.com/x', events: ['rates.published'] });
      expectProblem(refused, 403, 'webhook-endpoint-limit-reached');
      expect(refused.body).toMatchObject({
        limit: String(PLANS.free.webhookEndpoints),
        plan: 'free',
        requiredPlan: 'basic',
      });
    });

    it('refuses URLs, events, pairs and minimum changes that break the rules, each with its code', async () => {
      const a = await account('basic');
      const caller = callerOn(base, a);
      const create = (body: Record<string, unknown>) =>
        caller
          .auth(http().post(base))
          .send({ url: 'https://hooks.example.com/ok', events: ['rates.published'], ...body });
      expectProblem(await create({ url: 'http://hooks.example.com/' }), 400, 'webhook-url-not-https');
      expectProblem(await create({ url: 'http://localhost:3000/' }), 400, 'webhook-url-not-https');
      expectProblem(
        await create({ url: 'https://user:secret@hooks.example.com/' }),
        400,
        'webhook-url-credentials',
      );
      expectProblem(await create({ url: 'https://127.0.0.1/' }), 400, 'webhook-url-private-address');
      expectProblem(await create({ url: 'not a url' }), 400, 'webhook-url-invalid');
      expectProblem(
        await create({ url: `https://hooks.example.com/${'a'.repeat(2100)}` }),
        400,
        'webhook-url-too-long',
      );
      expectProblem(await create({ url: 42 }), 400, 'validation-failed');
      expectProblem(await create({ events: [] }), 400, 'validation-failed');
      expectProblem(await create({ events: ['rates.exploded'] }), 400, 'validation-failed');
      expectProblem(
        await create({ events: ['rates.published', 'rates.published'] }),
        400,
        'validation-failed',
      );
      expectProblem(await create({ pairs: ['EUR/XXX'] }), 400, 'validation-failed');
      expectProblem(await create({ pairs: ['EUR/EUR'] }), 400, 'validation-failed');
      expectProblem(await create({ pairs: ['EUR/USD', 'eur/usd'] }), 400, 'validation-failed');
      expectProblem(await create({ minChangePercent: '-1' }), 400, 'validation-failed');
      expectProblem(await create({ minChangePercent: 0.5 }), 400, 'validation-failed');
      expectProblem(await create({ minChangePercent: '1001' }), 400, 'validation-failed');
      expectProblem(await create({ description: 'x'.repeat(201) }), 400, 'validation-failed');
      const created = await create({}).expect(201);
      expectProblem(
        await caller
          .auth(http().patch(`${base}/${created.body.endpoint.id as string}`))
          .send({ url: 'https://[::1]/' }),
        400,
        'webhook-url-private-address',
      );
      expectProblem(
        await caller.auth(http().patch(`${base}/${created.body.endpoint.id as string}`)).send({ events: [] }),
        400,
        'validation-failed',
      );
    });
  });

  it('refuses /api/v1/webhooks to a key without the webhooks scope (403 scope-not-allowed), and to no key', async () => {
    const a = await account('basic', ['rates:read', 'history:read']);
    expectProblem(await http().get('/api/v1/webhooks').set('X-API-Key', a.key), 403, 'scope-not-allowed');
    expectProblem(
      await http()
        .post('/api/v1/webhooks')
        .set('X-API-Key', a.key)
        .send({ url: 'https://hooks.example.com/', events: ['rates.published'] }),
      403,
      'scope-not-allowed',
    );
    expectProblem(await http().get('/api/v1/webhooks'), 401, 'missing-api-key');
    // The dashboard's session is not a key, and a key is not a session.
    expectProblem(
      await http().get('/api/v1/webhooks').set('Authorization', a.bearer),
      401,
      'invalid-api-key',
    );
    expectProblem(await http().get('/api/webhooks').set('X-API-Key', a.key), 401, 'unauthorized');
    const withScope = await account('basic');
    await http().get('/api/v1/webhooks').set('Authorization', `Bearer ${withScope.key}`).expect(200);
  });

  it('meters no management call: none carries the rate-limit headers every metered answer does', async () => {
    const a = await account('basic');
    const metered = await http().get('/api/v1/rates/latest?symbols=EUR').set('X-API-Key', a.key).expect(200);
    expect(metered.headers['x-ratelimit-limit']).toBeDefined();
    const created = await http()
      .post('/api/v1/webhooks')
      .set('X-API-Key', a.key)
      .send({ url: 'https://hooks.example.com/m', events: ['rates.published'] })
      .expect(201);
    const id = created.body.endpoint.id as string;
    const answers = [
      created,
      await http().get('/api/v1/webhooks').set('X-API-Key', a.key).expect(200),
      await http()
        .patch(`/api/v1/webhooks/${id}`)
        .set('X-API-Key', a.key)
        .send({ description: 'x' })
        .expect(200),
      await http().get(`/api/v1/webhooks/${id}/deliveries`).set('X-API-Key', a.key).expect(200),
      await http().delete(`/api/v1/webhooks/${id}`).set('X-API-Key', a.key).expect(204),
    ];
    for (const answer of answers) expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
