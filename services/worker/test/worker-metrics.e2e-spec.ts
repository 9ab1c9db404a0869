import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { OperatorAccess } from '@fxrates/config';
import type { Redis } from 'ioredis';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testConfig } from '../../api/test/test-config';
import { startHealthServer } from '../src/health/health-server';
import { WorkerMetrics } from '../src/health/worker-metrics';
import { WorkerModule } from '../src/worker.module';
import { WORKER_REDIS } from '../src/worker.tokens';

describe('worker: /metrics', () => {
  const config = testConfig({
    USAGE_FLUSH_INTERVAL_MS: '600000',
    OPS_USER: 'operator',
    OPS_PASSWORD: 'correct-horse-battery',
  });
  const authorization = `Basic ${Buffer.from('operator:correct-horse-battery').toString('base64')}`;
  let worker: INestApplicationContext;
  let server: Server;

  beforeAll(async () => {
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
    const metrics = worker.get(WorkerMetrics);
    const redis = worker.get<Redis>(WORKER_REDIS);
    server = await startHealthServer(0, '127.0.0.1', {
      redis,
      database: () => worker.get(MikroORM).em.getConnection().execute('select 1'),
      metrics: {
        contentType: metrics.registry.contentType,
        render: () => metrics.registry.metrics(),
        access: new OperatorAccess(config.ops, redis, config.redis.keyPrefix),
      },
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await worker.close();
  });

  it('exposes queue depths per state and ingest outcomes in the Prometheus text format', async () => {
    const { port } = server.address() as AddressInfo;
    // The ingest schedule runs once at boot.
    const deadline = Date.now() + 10_000;
    let text = '';
    while (Date.now() < deadline) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/);
      text = await res.text();
      if (/fxrates_rates_ingest_total\{source="bundled-snapshot",outcome="success"\} [1-9]/.test(text)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(text).toMatch(/fxrates_rates_ingest_total\{source="bundled-snapshot",outcome="success"\} [1-9]/);
    for (const queue of [
      'email',
      'maintenance',
      'paypal-webhooks',
      'rates-ingest-bundled-snapshot',
      'usage-flush',
    ]) {
      for (const state of ['waiting', 'active', 'delayed', 'failed', 'completed']) {
        expect(text).toMatch(
          new RegExp(`^fxrates_queue_jobs\\{queue="${queue}",state="${state}"\\} \\d+$`, 'm'),
        );
      }
    }
    expect(text).toMatch(/^fxrates_worker_process_resident_memory_bytes \d+/m);
  });
});
