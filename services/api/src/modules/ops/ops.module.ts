import { Global, Module } from '@nestjs/common';
import { ApiMetrics } from './api-metrics';
import { OpsRoutes } from './ops.routes';

@Global()
@Module({
  providers: [ApiMetrics, OpsRoutes],
  exports: [ApiMetrics],
})
export class OpsModule {}
