import { createHash } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { AnonymousSession } from '@fxrates/db';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('POST /api/auth/session', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(testConfig({ SESSION_CREATE_LIMIT_PER_MINUTE: '3' }));
  });
  afterAll(() => t.close());

  it('issues a 256-bit token valid for 12 hours and stores only its hash', async () => {
    const before = Date.now();
    const res = await request(t.app.getHttpServer())
      .post('/api/auth/session')
      .set('X-Forwarded-For', '198.51.100.1')
      .expect(201);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['x-request-id']).toBeTruthy();
    const { sessionToken, expiresAt } = res.body as { sessionToken: string; expiresAt: string };
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(expiresAt) - before;
    expect(ttl).toBeGreaterThanOrEqual(43_200_000 - 1000);
    expect(ttl).toBeLessThanOrEqual(43_200_000 + 5000);

    const em = t.app.get(MikroORM).em.fork();
    const hash = createHash('sha256').update(sessionToken).digest('hex');
    expect(await em.count(AnonymousSession, { tokenHash: hash })).toBe(1);
    expect(await em.count(AnonymousSession, { tokenHash: sessionToken })).toBe(0);
  });

  it('limits how many sessions one client may create per minute, with Retry-After', async () => {
    // The first test used one of the 3; other clients are counted apart (X-Forwarded-For is not trusted here,
    // so every supertest call comes from the same loopback address).
    await request(t.app.getHttpServer()).post('/api/auth/session').expect(201);
    await request(t.app.getHttpServer()).post('/api/auth/session').expect(201);
    const refused = await request(t.app.getHttpServer()).post('/api/auth/session').expect(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 429, code: 'rate-limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
