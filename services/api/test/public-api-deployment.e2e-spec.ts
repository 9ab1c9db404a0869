import request from 'supertest';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const USER = 'ops';
const PASSWORD = 'ops-password-for-tests';
const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

describe('an API process serving only the public API (API_ROUTES=public-api)', () => {
  let all: TestApp;
  let publicOnly: TestApp;
  let key: string;
  const http = () => request(publicOnly.app.getHttpServer());

  beforeAll(async () => {
    const config = testConfig({ OPS_USER: USER, OPS_PASSWORD: PASSWORD });
    all = await startTestApp(config);
    publicOnly = await startTestApp({ ...config, api: { ...config.api, routes: 'public-api' } });
    ({ basic: key } = await keysOnPlans(all.app, ['basic'] as const));
  });
  afterAll(async () => {
    await publicOnly.app.close();
    await publicOnly.redis.quit();
    await all.close();
  });

  it('answers /api/v1 as the whole API does, metered in the same counters', async () => {
    const res = await http()
      .get('/api/v1/rates/latest?base=USD&symbols=EUR')
      .set('X-API-Key', key)
      .expect(200);
    expect(Object.keys(res.body.rates)).toEqual(['EUR']);
    expect(res.headers['x-ratelimit-remaining']).toBe('9999');
    const usage = await request(all.app.getHttpServer())
      .get('/api/v1/usage')
      .set('X-API-Key', key)
      .expect(200);
    expect(usage.body.used).toBe(1);
    await http().get('/api/v1/rates/latest').expect(401);
  });

  it("meters a user's first call of the month, seeding its counter from PostgreSQL", async () => {
    const { basic: fresh } = await keysOnPlans(all.app, ['basic'] as const);
    // The month's counter is missing: this call seeds it from PostgreSQL, under a lock, in a
    // transaction (MikroORM's, in an AsyncLocalStorage: on Node 26 that turns no async hooks on).
    const res = await http().get('/api/v1/rates/latest?symbols=EUR').set('X-API-Key', fresh).expect(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('9999');
  });

  it('answers a browser’s cross-origin calls to /api/v1, preflight included', async () => {
    const origin = publicOnly.config.api.corsOrigins[0];
    const preflight = await http()
      .options('/api/v1/rates/rate')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'x-api-key');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    const res = await http()
      .get('/api/v1/rates/rate?from=USD&to=EUR')
      .set('Origin', origin)
      .set('X-API-Key', key);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
  });

  it('serves its health and metrics', async () => {
    await http().get('/api/health/ready').expect(200);
    const metrics = await http().get('/api/metrics').set('Authorization', basic).expect(200);
    expect(metrics.text).toContain('http_request_duration_seconds');
  });

  it.each([
    ['POST', '/api/auth/register'],
    ['GET', '/api/keys'],
    ['GET', '/api/rates/convert?from=USD&to=EUR&amount=1'],
    ['GET', '/api/docs-json'],
    ['GET', '/api/v10/rates/latest'],
    ['GET', '/admin/queues'],
    ['POST', '/api/v1/subscriptions'],
    ['POST', '/api/v1/contact'],
    ['POST', '/api/v1/subscriptions/cancel'],
    ['GET', '/api/%6beys'],
    ['GET', '/api/v1/../keys'],
    ['GET', '/api/v1/%2e%2e/keys'],
  ])('answers %s %s with a 404 problem: the rest of the API is elsewhere', async (method, url) => {
    const res = await http()[method === 'POST' ? 'post' : 'get'](url).set('Authorization', basic);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers['x-request-id']).toBeDefined();
    expect(res.body).toMatchObject({ code: 'not-found', instance: url.split('?')[0] });
  });
});
