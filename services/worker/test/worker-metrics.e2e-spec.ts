import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { NestFactory } from '@nestjs/core';
import { OperatorAccess } from '@fxrates/config';
import { pingDatabase } from '@fxrates/db';
import { QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testConfig } from '../../api/test/test-config';
import { startHealthServer } from '../src/health/health-server';
import { WorkerMetrics } from '../src/health/worker-metrics';
import { WorkerModule } from '../src/worker.module';
import { WORKER_REDIS } from '../src/worker.tokens';
import { until } from './support/waiting';

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
      database: () => pingDatabase(worker.get(MikroORM).em),
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
  });

  it('times every job by queue, job name and outcome, and says whether Redis and PostgreSQL answer', async () => {
    const { port } = server.address() as AddressInfo;
    // A job no processor knows fails at once (UnrecoverableError): one failed run to count.
    const queue = worker.get<Queue>(getQueueToken(QUEUES.sourceStatus), { strict: false });
    const failing = await queue.add('no-such-job', { trigger: 'manual' }, { attempts: 1 });
    await until(async () => (await failing.getState()) === 'failed');
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const completed =
      /^fxrates_job_duration_seconds_count\{queue="rates-ingest-bundled-snapshot",job="ingest-rates",outcome="completed"\} ([1-9]\d*)$/m;
    await until(async () => completed.test(await scrape()));
    const text = await scrape();
    expect(text).toMatch(/^# TYPE fxrates_job_duration_seconds histogram$/m);
    expect(text).toMatch(
      /^fxrates_job_duration_seconds_bucket\{le="\+Inf",queue="rates-ingest-bundled-snapshot",job="ingest-rates",outcome="completed"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^fxrates_job_duration_seconds_count\{queue="source-status",job="no-such-job",outcome="failed"\} 1$/m,
    );
    expect(text).toMatch(/^fxrates_redis_up 1$/m);
    expect(text).toMatch(/^fxrates_postgres_up 1$/m);
    expect(text).toMatch(/^fxrates_rates_provider_interval_seconds\{provider="bundled-snapshot"\} \d+/m);
    const lastSuccess =
      /^fxrates_rates_provider_last_success_timestamp_seconds\{provider="bundled-snapshot"\} ([\d.e+]+)$/m.exec(
        text,
      );
    expect(Number(lastSuccess?.[1]) * 1000).toBeGreaterThan(Date.now() - 600_000);
  });

  it("keeps Node's process metrics under their standard names", async () => {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization } });
    const text = await res.text();
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toMatch(new RegExp(`^${name} [\\d.e+-]+$`, 'm'));
    }
    expect(text).not.toMatch(/^fxrates_worker_/m);
  });
});
