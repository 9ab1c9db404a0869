import { Writable } from 'node:stream';
import request from 'supertest';
import { ApiMetrics } from '../src/common/metrics';
import { UserPlansService } from '../src/modules/plans';
import { register } from './support/auth-client';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/**
 * /api/v1 is answered before Fastify when no CORS is involved, and by Fastify when a browser's
 * Origin is: both must give the same answer, request id, log line and metric.
 */
describe('routes served before Fastify', () => {
  const ORIGIN = 'https://app.example.test';
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  let key: string;
  const http = () => request(t.app.getHttpServer());
  const rate = (origin?: string) => {
    const call = http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', key);
    return origin ? call.set('Origin', origin) : call;
  };

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestApp(
      testConfig({ LOG_LEVEL: 'info', CORS_ORIGINS: ORIGIN, PLAN_LIMITS: 'free=1000:1000, basic=2:100' }),
      {
        logDestination: sink,
      },
    );
    const { accessToken } = await register(t.app);
    key = (
      await http()
        .post('/api/keys')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ name: 'direct' })
        .expect(201)
    ).body.key;
  });
  afterAll(() => t.close());

  it('answers a server call and a browser call alike, CORS headers only for the browser', async () => {
    const server = await rate().expect(200);
    const browser = await rate(ORIGIN).expect(200);
    expect(browser.body.rate).toBe(server.body.rate);
    expect(server.headers['content-type']).toBe(browser.headers['content-type']);
    expect(server.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(server.headers['cache-control']).toBe(browser.headers['cache-control']);
    expect(server.headers.etag).toBe(browser.headers.etag);
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-reset']) {
      expect(server.headers[name]).toBe(browser.headers[name]);
    }
    // The policy's window counts down in seconds: the two calls may fall either side of a second.
    const windowOf = (policy: string) => Number(/w=(\d+)/.exec(policy)?.[1]);
    const [serverPolicy, browserPolicy] = [server, browser].map(
      (res) => res.headers['ratelimit-policy'] as string,
    );
    expect(browserPolicy.replace(/w=\d+/, 'w=')).toBe(serverPolicy.replace(/w=\d+/, 'w='));
    expect(windowOf(serverPolicy) - windowOf(browserPolicy)).toBeGreaterThanOrEqual(0);
    expect(windowOf(serverPolicy) - windowOf(browserPolicy)).toBeLessThanOrEqual(1);
    expect(Number(server.headers['x-ratelimit-remaining']) - 1).toBe(
      Number(browser.headers['x-ratelimit-remaining']),
    );
    expect(server.headers['access-control-allow-origin']).toBeUndefined();
    expect(browser.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(server.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the landing converter the same way, with the anonymous session', async () => {
    const { sessionToken } = (await http().post('/api/auth/session').expect(201)).body;
    const convert = (origin?: string) => {
      const call = http()
        .get('/api/rates/convert?from=USD&to=EUR&amount=100')
        .set('X-Session-Token', sessionToken);
      return origin ? call.set('Origin', origin) : call;
    };
    const server = await convert().expect(200);
    const browser = await convert(ORIGIN).expect(200);
    expect(server.body).toEqual(browser.body);
    expect(browser.headers['access-control-allow-origin']).toBe(ORIGIN);
    const refused = await http().get('/api/rates/convert?from=USD&to=EUR&amount=1').expect(401);
    expect(refused.headers['content-type']).toBe('application/problem+json');
  });

  it('answers many requests of one turn, each with its own answer', async () => {
    const { sessionToken } = (await http().post('/api/auth/session').expect(201)).body;
    const amounts = Array.from({ length: 40 }, (_, i) => i + 1);
    const answers = await Promise.all(
      amounts.map((amount) =>
        http()
          .get(`/api/rates/convert?from=USD&to=EUR&amount=${amount}`)
          .set('X-Session-Token', sessionToken)
          .set('X-Request-Id', `turn-${amount}`)
          .expect(200),
      ),
    );
    answers.forEach((res, i) => {
      expect(res.headers['x-request-id']).toBe(`turn-${amounts[i]}`);
      expect(res.body.amount).toBe(amounts[i]);
      expect(res.body.result).toBeCloseTo(amounts[i] * res.body.rate, 3);
    });
  });

  it("echoes a caller's safe X-Request-Id and replaces an unsafe one", async () => {
    const kept = await rate().set('X-Request-Id', 'trace-42.a').expect(200);
    expect(kept.headers['x-request-id']).toBe('trace-42.a');
    const replaced = await rate().set('X-Request-Id', 'bad id\twith spaces').expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers errors with the same problem+json, request id included', async () => {
    const refused = await http().get('/api/v1/rates/rate?from=USD&to=EUR').expect(401);
    expect(refused.headers['content-type']).toBe('application/problem+json');
    expect(refused.headers['x-request-id']).toBeDefined();
    expect(refused.body).toMatchObject({
      status: 401,
      code: 'missing-api-key',
      instance: '/api/v1/rates/rate',
    });
    const bad = await rate().query({ extra: 1 }).expect(400);
    expect(bad.body.code).toBe('validation-failed');
  });

  it('refuses a call over the quota with the same 429 on both paths', async () => {
    const { accessToken, res } = await register(t.app);
    await t.app.get(UserPlansService).changePlan(res.body.user.uid, 'basic');
    const basicKey = (
      await http().post('/api/keys').set('Authorization', `Bearer ${accessToken}`).send({ name: 'b' })
    ).body.key;
    const call = (origin?: string) => {
      const get = http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', basicKey);
      return origin ? get.set('Origin', origin) : get;
    };
    await call().expect(200);
    await call(ORIGIN).expect(200);
    const [server, browser] = [await call().expect(429), await call(ORIGIN).expect(429)];
    for (const refused of [server, browser]) {
      expect(refused.headers['content-type']).toBe('application/problem+json');
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(refused.body).toMatchObject({ status: 429, code: 'quota-exceeded' });
    }
    expect(browser.headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  it('keeps idle connections longer than a load balancer does, as Fastify would', () => {
    expect(t.app.getHttpServer().keepAliveTimeout).toBe(72_000);
  });

  it('leaves other methods and unknown paths to Fastify', async () => {
    const post = await http().post('/api/v1/rates/rate').set('X-API-Key', key).expect(404);
    expect(post.body.code).toBe('not-found');
    await http().get('/api/v1/rates/nothing-here').set('X-API-Key', key).expect(404);
  });

  it('writes one access-log line (path only, never the key) and times the request', async () => {
    const id = `log-check-${Date.now()}`;
    await rate().set('X-Request-Id', id).expect(200);
    const line = lines.find((l) => l.reqId === id && l.msg === 'request');
    expect(line).toMatchObject({ method: 'GET', url: '/api/v1/rates/rate', status: 200 });
    expect(typeof line?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(key);
    const timed = (await t.app.get(ApiMetrics).httpDuration.get()).values.find(
      (v) =>
        v.metricName === 'fxrates_http_request_duration_seconds_count' &&
        v.labels.route === '/api/v1/rates/rate' &&
        v.labels.status === '200',
    );
    expect(timed?.value).toBeGreaterThanOrEqual(1);
  });
});
