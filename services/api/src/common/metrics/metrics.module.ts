import { Global, Module } from '@nestjs/common';
import { ApiMetrics } from './api-metrics';

/** The process's Prometheus registry, for every module that counts something (OpsRoutes exposes it). */
@Global()
@Module({
  providers: [ApiMetrics],
  exports: [ApiMetrics],
})
export class MetricsModule {}
