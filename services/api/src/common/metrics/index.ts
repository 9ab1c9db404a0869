/** The process's Prometheus registry (ApiMetrics, MetricsModule) and the API's own latency histogram. */
export * from './api-metrics';
export * from './http-latency-histogram';
export * from './metrics.module';
