import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { HttpLatencyHistogram } from './http-latency-histogram';

/** Where OpsRoutes serves the Prometheus exposition (and a `public-api` deployment still serves it). */
export const METRICS_PATH = '/api/metrics';

/** This API process's Prometheus metrics (one registry per app, so test apps never share). */
@Injectable()
export class ApiMetrics {
  readonly registry = new Registry();

  readonly httpDuration = new HttpLatencyHistogram(
    'fxrates_http_request_duration_seconds',
    'HTTP request latency by route, method and status',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    this.registry,
  );

  readonly quotaRefusals = new Counter({
    name: 'fxrates_quota_refusals_total',
    help: 'Metered calls refused, by reason (burst or monthly quota) and plan',
    labelNames: ['reason', 'plan'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Standard names (process_cpu_seconds_total, nodejs_heap_size_used_bytes, …): the usual
    // dashboards and alerts for Node processes work unchanged; the scrape job tells api from worker.
    collectDefaultMetrics({ register: this.registry });
  }
}
