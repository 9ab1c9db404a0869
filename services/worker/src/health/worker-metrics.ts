import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { ModuleRef } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { pingDatabase } from '@fxrates/db';
import { ALL_QUEUES } from '@fxrates/queues';
import { SourceHealthStore } from '@fxrates/rates';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JobWorkers } from '../lifecycle/job-workers';
import { WORKER_REDIS } from '../worker.tokens';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/** A store's reachability for a scrape: 1 when `check` answers within 2 s, else 0. */
async function reachable(check: () => Promise<unknown>): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), 2000))),
    ]);
    return 1;
  } catch {
    return 0;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The worker's Prometheus metrics: queue depths by state, job durations, ingest outcomes, refused
 * values, each provider's last success, and whether Redis and PostgreSQL answer (all read at scrape
 * time). deploy/prometheus/ alerts on them; its test checks every name it uses is registered here.
 */
@Injectable()
export class WorkerMetrics {
  readonly registry = new Registry();

  readonly ingests = new Counter({
    name: 'fxrates_rates_ingest_total',
    help: 'Rates ingest runs by source and outcome',
    labelNames: ['source', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly rejectedValues = new Counter({
    name: 'fxrates_rates_rejected_values_total',
    help: 'Incoming rate values refused by validation, by provider and reason',
    labelNames: ['provider', 'reason'] as const,
    registers: [this.registry],
  });

  readonly providerFailures = new Counter({
    name: 'fxrates_rates_provider_failures_total',
    help: 'Failed provider fetches by provider and kind of failure',
    labelNames: ['provider', 'failure'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'fxrates_job_duration_seconds',
    help: 'How long jobs of this worker ran, by queue, job name and outcome (completed or failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  constructor(
    moduleRef: ModuleRef,
    jobWorkers: JobWorkers,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(WORKER_REDIS) redis: Redis,
  ) {
    // Standard names (process_cpu_seconds_total, nodejs_heap_size_used_bytes, …): the usual
    // dashboards and alerts for Node processes work unchanged.
    collectDefaultMetrics({ register: this.registry });
    jobWorkers.onJobRun(({ queue, name, outcome, seconds }) =>
      this.jobDuration.observe({ queue, job: name, outcome }, seconds),
    );
    new Gauge({
      name: 'fxrates_queue_jobs',
      help: 'Jobs per queue and state',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        for (const name of ALL_QUEUES) {
          const queue = moduleRef.get<Queue>(getQueueToken(name), { strict: false });
          const counts = await queue.getJobCounts(...STATES);
          for (const state of STATES) this.set({ queue: name, state }, counts[state] ?? 0);
        }
      },
    });
    new Gauge({
      name: 'fxrates_redis_up',
      help: 'Whether Redis answered a PING from the worker (1) or not (0), at scrape time',
      registers: [this.registry],
      async collect() {
        this.set(await reachable(() => redis.ping()));
      },
    });
    new Gauge({
      name: 'fxrates_postgres_up',
      help: 'Whether PostgreSQL answered a query from the worker (1) or not (0), at scrape time',
      registers: [this.registry],
      async collect() {
        const orm = moduleRef.get(MikroORM, { strict: false });
        this.set(await reachable(() => pingDatabase(orm.em)));
      },
    });
    const providers = config.rates.providers;
    const health = new SourceHealthStore(redis, config.redis.keyPrefix);
    new Gauge({
      name: 'fxrates_rates_provider_interval_seconds',
      help: 'Polling interval of each enabled rates provider',
      labelNames: ['provider'] as const,
      registers: [this.registry],
      collect() {
        for (const { id, intervalMs } of providers) this.set({ provider: id }, intervalMs / 1000);
      },
    });
    new Gauge({
      name: 'fxrates_rates_provider_last_success_timestamp_seconds',
      help: 'When each enabled provider last gave us rates (Unix time; absent before its first success)',
      labelNames: ['provider'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const sources = await health.load(providers.map((p) => p.id)).catch(() => new Map());
        for (const [provider, { lastSuccessAt }] of sources) {
          if (lastSuccessAt !== null) this.set({ provider }, lastSuccessAt / 1000);
        }
      },
    });
  }
}
