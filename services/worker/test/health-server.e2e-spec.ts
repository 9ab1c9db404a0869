import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { startHealthServer } from '../src/health/health-server';

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
});
