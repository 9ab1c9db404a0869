import type { Redis } from 'ioredis';
import request from 'supertest';
import { recordedRoutes } from '../src/common/openapi';
import { REDIS } from '../src/modules/redis/redis.module';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('operations endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testConfig());
  });
  afterAll(() => t.close());

  it('reports liveness and readiness with PostgreSQL and Redis checked', async () => {
    await request(t.app.getHttpServer()).get('/api/health').expect(200, { status: 'ok' });
    const ready = await request(t.app.getHttpServer()).get('/api/health/ready').expect(200);
    expect(ready.body).toEqual({
      status: 'ok',
      checks: {
        database: { status: 'up', latencyMs: expect.any(Number) },
        redis: { status: 'up', latencyMs: expect.any(Number) },
      },
      rates: { version: expect.any(String), source: expect.any(String), date: expect.any(String) },
    });
  });

  it('reports not ready, naming Redis, when Redis is unreachable', async () => {
    const broken = await startTestApp(testConfig());
    try {
      const shared = broken.app.get<Redis>(REDIS);
      const ended = new Promise((resolve) => shared.once('end', resolve));
      shared.disconnect();
      await ended;
      const res = await request(broken.app.getHttpServer()).get('/api/health/ready').expect(503);
      expect(res.body.status).toBe('error');
      expect(res.body.checks.redis).toEqual({
        status: 'down',
        latencyMs: expect.any(Number),
        error: 'Redis connections not ready: "shared" (end)',
      });
      expect(res.body.checks.database.status).toBe('up');
    } finally {
      await broken.close();
    }
  });

  it('serves Swagger UI and an OpenAPI document describing every route', async () => {
    await request(t.app.getHttpServer()).get('/api/docs').expect(200).expect('content-type', /html/);
    const { body: doc } = await request(t.app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const routes = registeredRoutes(t);
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) expect(documented).toContain(route);
    expect(
      doc.paths['/api/rates/convert'].get.responses['400'].content['application/problem+json'],
    ).toBeDefined();
  });
});

function registeredRoutes(t: TestApp): string[] {
  return recordedRoutes(t.app.getHttpAdapter().getInstance());
}
