import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

function newIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

const ORIGIN = 'https://app.example.test';
const CONVERT = '/api/rates/convert?from=USD&to=EUR&amount=1';

/**
 * The landing converter's anonymous session (and a signed-in user on the same routes) is limited to
 * what a person at a keyboard does, per session or user and per IP, exactly across instances, on
 * both ways a call is served (before Fastify, and through Fastify for a browser's CORS call).
 */
describe('converter abuse', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({
        TRUST_PROXY: 'true',
        CORS_ORIGINS: ORIGIN,
        CONVERTER_SESSION_PER_MINUTE: '5',
        CONVERTER_USER_PER_MINUTE: '7',
        CONVERTER_IP_PER_MINUTE: '12',
      }),
    );
  });
  afterAll(() => t.close());

  const newSession = async (ip: string, app: NestFastifyApplication = t.app) =>
    (await request(app.getHttpServer()).post('/api/auth/session').set('X-Forwarded-For', ip).expect(201)).body
      .sessionToken as string;
  const call = (
    path: string,
    ip: string,
    credentials: { session?: string; bearer?: string },
    app: NestFastifyApplication = t.app,
  ) => {
    const req = request(app.getHttpServer()).get(path).set('X-Forwarded-For', ip);
    if (credentials.session) void req.set('X-Session-Token', credentials.session);
    if (credentials.bearer) void req.set('Authorization', `Bearer ${credentials.bearer}`);
    return req;
  };
  const expectRefused = (res: request.Response) => {
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 429, code: 'rate-limited' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  };

  it('limits one session per minute, the sparkline included, on both serving paths', async () => {
    const ip = newIp();
    const session = await newSession(ip);
    for (let i = 0; i < 3; i++) await call(CONVERT, ip, { session }).expect(200);
    await call(CONVERT, ip, { session }).set('Origin', ORIGIN).expect(200);
    await call('/api/rates/history?from=USD&to=EUR', ip, { session }).expect(200);
    const refused = await call(CONVERT, ip, { session });
    expectRefused(refused);
    expect(refused.body.message).toMatch(/Wait \d+ seconds?/);
    expectRefused(await call(CONVERT, ip, { session }).set('Origin', ORIGIN));
    expectRefused(await call('/api/rates/history?from=USD&to=EUR', ip, { session }));
    // Another session is a count of its own.
    await call(CONVERT, ip, { session: await newSession(ip) }).expect(200);
  });

  it('admits exactly the limit from a burst in one turn and across two instances sharing Redis', async () => {
    const session = await newSession(newIp());
    const burst = await Promise.all(Array.from({ length: 12 }, () => call(CONVERT, newIp(), { session })));
    expect(burst.filter((res) => res.status === 200)).toHaveLength(5);
    burst.filter((res) => res.status !== 200).forEach(expectRefused);

    const other = await startTestApp(t.config);
    try {
      const shared = await newSession(newIp(), other.app);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const app = i % 2 === 0 ? t.app : other.app;
        statuses.push((await call(CONVERT, newIp(), { session: shared }, app)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    } finally {
      await other.app.close();
      await other.redis.quit();
    }
  });

  it('limits one IP across its sessions, an IPv6 /64 counting as one', async () => {
    const ip = newIp();
    const sessions = [await newSession(ip), await newSession(ip), await newSession(ip)];
    for (const session of sessions) {
      for (let i = 0; i < 4; i++) await call(CONVERT, ip, { session }).expect(200);
    }
    expectRefused(await call(CONVERT, ip, { session: await newSession(ip) }));
    await call(CONVERT, newIp(), { session: sessions[0] }).expect(200); // the session has one left

    const network = `2001:db8:${randomBytes(2).toString('hex')}:1`;
    for (let i = 1; i <= 12; i++) {
      await call(CONVERT, `${network}::${i}`, { session: await newSession(newIp()) }).expect(200);
    }
    expectRefused(await call(CONVERT, `${network}:ab:cd:ef:1`, { session: await newSession(newIp()) }));
  });

  it('lets one IPv6 /64 create only SESSION_CREATE_LIMIT_PER_MINUTE sessions, whatever its addresses', async () => {
    const network = `2001:db8:${randomBytes(2).toString('hex')}:2`;
    const create = (ip: string) =>
      request(t.app.getHttpServer()).post('/api/auth/session').set('X-Forwarded-For', ip);
    for (let i = 1; i <= t.config.sessions.createLimitPerMinute; i++)
      await create(`${network}::${i}`).expect(201);
    const refused = await create(`${network}:9:9:9:9`).expect(429);
    expect(refused.body.code).toBe('rate-limited');
    await create(`${network.slice(0, -1)}3::1`).expect(201);
  });

  it('gives a signed-in user a higher limit of their own', async () => {
    const { accessToken } = await signedInUser(t.app);
    for (let i = 0; i < 7; i++) await call(CONVERT, newIp(), { bearer: accessToken }).expect(200);
    expectRefused(await call(CONVERT, newIp(), { bearer: accessToken }));
  });

  it('serves the sparkline only as the landing page asks for it: a pair, the last 30 days', async () => {
    const ip = newIp();
    const session = await newSession(ip);
    for (const query of ['days=365', 'start=2000-01-01', 'end=2020-01-01', 'symbols=GBP,JPY', 'base=USD']) {
      const res = await call(`/api/rates/history?from=USD&to=EUR&${query}`, ip, { session }).expect(400);
      expect(res.body.code).toBe('validation-failed');
    }
  });
});
