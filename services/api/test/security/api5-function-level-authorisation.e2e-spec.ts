import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { PASSWORD } from '../support/auth-client';
import { keysOnPlans } from '../support/plan-keys';
import { startTestApp, type TestApp } from '../test-app';
import { testConfig } from '../test-config';
import { accountState, bearer, accountWithKey, type Account } from './support/accounts';
import { documentedOperations, nameOf, type Operation } from './support/openapi-operations';
import { expectProblem } from './support/problem';

const OPS_USER = 'operator';
const OPS_PASSWORD = 'operator-password-for-tests';
const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const OPERATOR = basicAuth(OPS_USER, OPS_PASSWORD);

/** The operator's pages: Prometheus metrics, Bull Board's page and its API. */
const OPERATOR_ROUTES = ['/api/metrics', '/admin/queues', '/admin/queues/api/queues'];

/** A body each dashboard operation would accept from its rightful caller. */
const BODIES: Record<string, object> = {
  'POST /api/keys': { name: 'from an API key' },
  'PATCH /api/account': { firstName: 'Mallory' },
  'POST /api/v1/subscriptions': {
    plan: 'basic',
    billingCycle: 'monthly',
    paypalSubscriptionId: 'I-ANYTHING1',
  },
};

/** Each test its own client address, so the operator sign-in throttle of one never reaches another. */
let client = 0;
const nextAddress = () => `192.0.2.${++client}`;

describe('API5:2023 Broken Function Level Authorization', () => {
  let t: TestApp;
  let alice: Account;
  let dashboard: Operation[];
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await startTestApp(testConfig({ OPS_USER, OPS_PASSWORD, TRUST_PROXY: 'true' }));
    alice = await accountWithKey(t);
    // The signed-in user's operations; the converter's rates also take the anonymous session.
    dashboard = (await documentedOperations(t.app)).filter(
      (o) => o.schemes.includes('bearer') && !o.schemes.includes('session'),
    );
  });
  afterAll(() => t.close());

  describe('dashboard operations with an API key instead of a sign-in', () => {
    it('finds the dashboard operations in the OpenAPI document', () => {
      expect(dashboard.map(nameOf)).toEqual(
        expect.arrayContaining(['GET /api/account', 'POST /api/keys', 'POST /api/v1/subscriptions']),
      );
    });

    it.each([
      ['X-API-Key', (key: string) => ({ 'X-API-Key': key })],
      ['Authorization: Bearer', (key: string) => ({ Authorization: `Bearer ${key}` })],
    ])('refuses each with the key in %s: 401 unauthorized, nothing changed', async (_where, headers) => {
      const before = await accountState(t, alice.userId);
      for (const operation of dashboard) {
        const path = operation.path.replace('{id}', alice.keyId);
        const verb = operation.method.toLowerCase() as 'get' | 'post' | 'patch';
        const res = await http()[verb](path).set(headers(alice.key)).send(BODIES[nameOf(operation)]);
        expect([nameOf(operation), res.status]).toEqual([nameOf(operation), 401]);
        expectProblem(res, 401, 'unauthorized');
      }
      expect(await accountState(t, alice.userId)).toEqual(before);
    });
  });

  describe('operator routes', () => {
    it.each(OPERATOR_ROUTES)(
      '%s refuses anyone but the operator: 401 with a Basic challenge',
      async (path) => {
        const address = nextAddress();
        const attempts: Record<string, string | undefined> = {
          'no credentials': undefined,
          "a user's access token": bearer(alice),
          "a user's API key": `Bearer ${alice.key}`,
          "a user's email and password": basicAuth(alice.email, PASSWORD),
          'the operator name with an empty password': basicAuth(OPS_USER, ''),
          'the operator password under another name': basicAuth('admin', OPS_PASSWORD),
        };
        for (const [what, authorization] of Object.entries(attempts)) {
          const call = http().get(path).set('X-Forwarded-For', address).set('X-API-Key', alice.key);
          const res = await (authorization ? call.set('Authorization', authorization) : call);
          expect([what, res.status]).toEqual([what, 401]);
          expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
          expect(res.text).not.toMatch(/fxrates_|"queues"|<html/i);
        }
        await http().get(path).set('X-Forwarded-For', address).set('Authorization', OPERATOR).expect(200);
      },
    );

    it('keeps Bull Board read-only for the operator too: a write is 405 and the queue is not paused', async () => {
      const res = await http()
        .put(`/admin/queues/api/queues/${QUEUES.email}/pause`)
        .set('X-Forwarded-For', nextAddress())
        .set('Authorization', OPERATOR)
        .send({});
      expectProblem(res, 405, 'method-not-allowed');
      expect(await t.app.get<Queue>(getQueueToken(QUEUES.email)).isPaused()).toBe(false);
    });

    it('has no operator routes at all without operator credentials configured: 404', async () => {
      const bare = await startTestApp(testConfig());
      try {
        for (const path of OPERATOR_ROUTES) {
          for (const authorization of [basicAuth('admin', 'admin'), basicAuth('', '')]) {
            const res = await request(bare.app.getHttpServer()).get(path).set('Authorization', authorization);
            expectProblem(res, 404, 'not-found');
          }
        }
      } finally {
        await bare.close();
      }
    });
  });

  describe('endpoints above the key’s plan', () => {
    it.each([
      ['a Professional endpoint', '/api/v1/rates/timeseries?start=2024-01-01&end=2024-01-05'],
      ['a Professional endpoint', '/api/v1/rates/fluctuation?start=2024-01-01&end=2024-01-05'],
      ['a Basic endpoint', '/api/v1/rates/historical/2024-01-05'],
      ['a crypto asset', '/api/v1/rates/rate?from=USD&to=BTC'],
      ['a currency outside the basic pairs', '/api/v1/convert?from=USD&to=JPY&amount=1'],
    ])('refuses %s to a Free key: 403 plan-upgrade-required, not metered', async (_what, path) => {
      const { free } = await keysOnPlans(t.app, ['free'] as const);
      const res = await http().get(path).set('X-API-Key', free);
      expectProblem(res, 403, 'plan-upgrade-required');
      expect(res.body.message).toMatch(/Upgrade at \/pricing/);
      const usage = await http().get('/api/v1/usage').set('X-API-Key', free).expect(200);
      expect(usage.body.used).toBe(0);
    });

    it('refuses a Basic key the Professional endpoints, and serves it Basic ones', async () => {
      const { basic } = await keysOnPlans(t.app, ['basic'] as const);
      const res = await http()
        .get('/api/v1/rates/timeseries?start=2024-01-01&end=2024-01-05')
        .set('X-API-Key', basic);
      expectProblem(res, 403, 'plan-upgrade-required');
      expect(res.body.message).toMatch(/Professional plan/);
    });
  });

  describe('methods a route does not have', () => {
    it.each([
      ['DELETE', '/api/keys/{id}'],
      ['PUT', '/api/keys/{id}'],
      ['GET', '/api/keys/{id}/roll'],
      ['PUT', '/api/keys/{id}/disable'],
      ['DELETE', '/api/account/export'],
      ['PUT', '/api/account'],
      ['POST', '/api/account'],
      ['DELETE', '/api/v1/subscriptions'],
      ['PUT', '/api/billing/plans'],
      ['POST', '/api/usage'],
    ])('%s %s is no route: 404, and nothing changes', async (method, template) => {
      const before = await accountState(t, alice.userId);
      const verb = method.toLowerCase() as 'delete' | 'patch' | 'put' | 'post';
      const call = http()[verb](template.replace('{id}', alice.keyId));
      const res = await call
        .set('Authorization', bearer(alice))
        .send({ status: 'disabled', plan: 'enterprise' });
      expectProblem(res, 404, 'not-found');
      expect(await accountState(t, alice.userId)).toEqual(before);
    });

    it('ignores method-override headers', async () => {
      const before = await accountState(t, alice.userId);
      for (const header of ['X-HTTP-Method-Override', 'X-HTTP-Method', 'X-Method-Override']) {
        const res = await http().get('/api/keys').set('Authorization', bearer(alice)).set(header, 'DELETE');
        expect([header, res.status]).toEqual([header, 200]);
      }
      await http()
        .post(`/api/keys/${alice.keyId}`)
        .set('Authorization', bearer(alice))
        .set('X-HTTP-Method-Override', 'DELETE')
        .expect(404);
      expect(await accountState(t, alice.userId)).toEqual(before);
    });
  });
});
