import { loadConfig, OPERATOR_FAILURES_PER_ADDRESS, OperatorAccess } from '@fxrates/config';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawGet } from '../../api/test/support/raw-http';
import { routeOf, startHealthServer } from '../src/health/health-server';

const OPS = { user: 'operator', password: 'correct-horse-battery', queuesWritable: false };
const GOOD = `Basic ${Buffer.from(`${OPS.user}:${OPS.password}`).toString('base64')}`;
const BAD = `Basic ${Buffer.from(`${OPS.user}:wrong-password-1`).toString('base64')}`;

describe('worker health server', () => {
  const redis = new Redis('redis://127.0.0.1:6379/15');
  afterAll(() => redis.quit());

  it('answers liveness, readiness, and 503 naming the dependency that is down', async () => {
    let databaseUp = true;
    const server = await startHealthServer(0, '127.0.0.1', {
      redis,
      database: async () => {
        if (!databaseUp) throw new Error('connection refused');
      },
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { redis: 'up', database: 'up' } });
      databaseUp = false;
      const down = await fetch(`${base}/health/ready`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'error', checks: { redis: 'up', database: 'down' } });
      expect((await fetch(`${base}/nope`)).status).toBe(404);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  describe('/metrics', () => {
    let server: Server;
    let port: number;
    const keyPrefix = `fxrates-test-${randomBytes(4).toString('hex')}:`;

    beforeAll(async () => {
      server = await startHealthServer(0, '127.0.0.1', {
        redis,
        database: async () => undefined,
        metrics: {
          contentType: 'text/plain; version=0.0.4',
          render: async () => 'fxrates_queue_jobs{queue="email",state="waiting"} 0\n',
          access: new OperatorAccess(OPS, redis, keyPrefix),
        },
      });
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
    });

    it.each([
      '/metrics',
      '/METRICS',
      '/metrics/',
      '//metrics',
      '/%6detrics',
      '/%6Detrics',
      '/health/../metrics',
      '/%2e%2e/metrics',
      '/metrics?x=1',
      'http://x/metrics',
      'http://x/%6detrics',
    ])('refuses %s without credentials and serves it to the operator', async (target) => {
      const refused = await rawGet(port, target);
      expect(refused.status).toBe(401);
      expect(refused.headers['content-type']).toBe('application/problem+json');
      expect(refused.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(refused.body).not.toContain('fxrates_');
      const served = await rawGet(port, target, { Authorization: GOOD });
      expect(served.status).toBe(200);
      expect(served.body).toContain('fxrates_queue_jobs');
    });

    it('answers a target that does not decode with 400 problem+json', async () => {
      const answer = await rawGet(port, '/%E0%A4%A');
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'validation-failed' });
    });
  });

  it(`refuses an address after ${OPERATOR_FAILURES_PER_ADDRESS} failed sign-ins on /metrics, even with the right password`, async () => {
    const keyPrefix = `fxrates-test-${randomBytes(4).toString('hex')}:`;
    const server = await startHealthServer(0, '127.0.0.1', {
      redis,
      database: async () => undefined,
      metrics: {
        contentType: 'text/plain',
        render: async () => '',
        access: new OperatorAccess(OPS, redis, keyPrefix),
      },
    });
    try {
      const { port } = server.address() as AddressInfo;
      for (let attempt = 0; attempt < OPERATOR_FAILURES_PER_ADDRESS; attempt++) {
        expect((await rawGet(port, '/metrics', { Authorization: BAD })).status).toBe(401);
      }
      const refused = await rawGet(port, '/METRICS', { Authorization: GOOD });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      server.closeAllConnections();
      server.close();
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
    }
  });

  it('has no /metrics at all when operator credentials are not configured', async () => {
    const server = await startHealthServer(0, '127.0.0.1', { redis, database: async () => undefined });
    try {
      const { port } = server.address() as AddressInfo;
      expect((await rawGet(port, '/metrics', { Authorization: GOOD })).status).toBe(404);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('routes every spelling of a path to one route', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).ops.queuesWritable).toBe(false);
    expect(routeOf('http://x:1/Health//Ready/?a=b')).toBe('/health/ready');
    expect(routeOf('/health/%2e%2e/metrics')).toBe('/metrics');
    expect(routeOf('/%zz')).toBeUndefined();
  });
});
