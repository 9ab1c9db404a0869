import { MikroORM } from '@mikro-orm/postgresql';
import { ApiKey, migrateUp } from '@fxrates/db';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../worker/test/support/throwaway-postgres';
import { until } from '../../worker/test/support/waiting';
import { newEmail, PASSWORD } from './support/auth-client';
import { signedInUser } from './support/signed-in';
import { keysOnPlans } from './support/plan-keys';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** Redis DB of this file's apps (the shared Redis; keys under a prefix of their own, removed after). */
const REDIS_URL = 'redis://127.0.0.1:6379/13';

/**
 * A whole API and a public-api instance on a PostgreSQL of their own, which the test kills (SIGKILL
 * to the postmaster, as a crashed host) and starts again.
 */
describe('API: PostgreSQL killed and restarted', () => {
  let pg: ThrowawayPostgres;
  let all: TestApp;
  let publicOnly: TestApp;
  let knownKey: string;
  let unknownKey: string;
  let accessToken: string;
  let email: string;

  const dashboard = () => request(all.app.getHttpServer());
  const latest = (app: TestApp, key: string) =>
    request(app.app.getHttpServer()).get('/api/v1/rates/latest?base=USD&symbols=EUR').set('X-API-Key', key);
  const em = () => all.app.get(MikroORM).em.fork();

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    await pg.createDatabase('fxrates');
    await migrateUp({ url: pg.urlOf('fxrates'), poolMax: 2 });
    // Cached keys are re-read every second (half of API_CACHE_MAX_AGE_SECONDS).
    const config = testConfig({
      DATABASE_URL: pg.urlOf('fxrates'),
      REDIS_URL,
      REDIS_KEY_PREFIX: `fxrates-test-pgfault-${randomBytes(4).toString('hex')}:`,
      API_CACHE_MAX_AGE_SECONDS: '2',
    });
    all = await startTestApp(config);
    publicOnly = await startTestApp({ ...config, api: { ...config.api, routes: 'public-api' } });
    ({ basic: knownKey, free: unknownKey } = await keysOnPlans(all.app, ['basic', 'free'] as const));
    ({ accessToken, email } = await signedInUser(all.app));
    await latest(publicOnly, knownKey).expect(200); // now in the public instance's cache; `unknownKey` is not
  }, 60_000);
  afterAll(async () => {
    await publicOnly?.app.close();
    await publicOnly?.redis.quit();
    await all?.close();
    await pg?.destroy();
  });

  it('keeps serving known keys from a ready public-api instance, answers 503 elsewhere, and recovers by itself', async () => {
    await pg.kill();

    // The public-api instance: known keys served, still ready, an unknown key is not called invalid.
    for (let call = 0; call < 5; call++) await latest(publicOnly, knownKey).expect(200);
    const ready = await request(publicOnly.app.getHttpServer()).get('/api/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ok', checks: { database: { status: 'down' } } });
    const unknown = await latest(publicOnly, unknownKey);
    expect([unknown.status, unknown.body.code, unknown.headers['retry-after']]).toEqual([
      503,
      'service-unavailable',
      '5',
    ]);

    // The whole API: not ready, and every dashboard route a 503 problem with Retry-After, fast.
    await request(all.app.getHttpServer()).get('/api/health/ready').expect(503);
    const bearer = `Bearer ${accessToken}`;
    const calls = [
      dashboard().get('/api/account').set('Authorization', bearer),
      dashboard().get('/api/keys').set('Authorization', bearer),
      dashboard().post('/api/keys').set('Authorization', bearer).send({ name: 'during the outage' }),
      dashboard().get('/api/usage').set('Authorization', bearer),
      dashboard().post('/api/auth/login').send({ email, password: PASSWORD }),
      dashboard()
        .post('/api/auth/register')
        .send({ firstName: 'Ada', lastName: 'Lovelace', email: newEmail(), password: PASSWORD }),
    ];
    for (const call of calls) {
      const res = await call;
      const { method, url } = res.request;
      expect([
        method,
        url,
        res.status,
        res.headers['content-type'],
        res.body.code,
        res.headers['retry-after'],
      ]).toEqual([method, url, 503, 'application/problem+json', 'service-unavailable', '5']);
      expect(res.body.message).toMatch(/retry in 5 seconds/i);
      expect(res.body.errorId).toBeUndefined();
    }

    await pg.start();

    // Recovered without a restart: the dashboard, the unknown key, readiness.
    await until(
      async () => (await dashboard().get('/api/account').set('Authorization', bearer)).status === 200,
    );
    await dashboard().get('/api/keys').set('Authorization', bearer).expect(200);
    await latest(publicOnly, unknownKey).expect(200);
    await request(all.app.getHttpServer()).get('/api/health/ready').expect(200);

    // The public instance's background re-read resumed: a key disabled behind its back (no
    // announcement) is refused once the cache is re-read.
    await em().nativeUpdate(ApiKey, { user: { plan: 'basic' } }, { status: 'disabled' });
    expect(await em().count(ApiKey, { status: 'disabled' })).toBe(1);
    await until(async () => (await latest(publicOnly, knownKey)).status === 403, 10_000);
  }, 90_000);

  it('answers 503 through a clean shutdown too (connections closed by the server), and recovers', async () => {
    const bearer = `Bearer ${accessToken}`;
    await dashboard().get('/api/keys').set('Authorization', bearer).expect(200); // pooled connections open
    await latest(publicOnly, unknownKey).expect(200); // cached now (the other key was disabled above)
    await pg.stop();
    const res = await dashboard().get('/api/keys').set('Authorization', bearer);
    expect([res.status, res.body.code, res.headers['retry-after']]).toEqual([
      503,
      'service-unavailable',
      '5',
    ]);
    // Served from the cache (a free key: its one-per-second burst limit may ask for a moment first).
    await until(async () => (await latest(publicOnly, unknownKey)).status === 200, 5_000);
    await pg.start();
    await until(async () => (await dashboard().get('/api/keys').set('Authorization', bearer)).status === 200);
  }, 30_000);
});
