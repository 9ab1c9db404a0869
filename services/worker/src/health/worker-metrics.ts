import { Injectable } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { ModuleRef } from '@nestjs/core';
import { ALL_QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/** The worker's Prometheus metrics: queue depths by state (read at scrape time), ingest outcomes, refused values. */
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

  constructor(moduleRef: ModuleRef) {
    collectDefaultMetrics({ register: this.registry, prefix: 'fxrates_worker_' });
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
  }
}
