import { Module } from '@nestjs/common';
import { OpsRoutes } from './ops.routes';

@Module({
  providers: [OpsRoutes],
})
export class OpsModule {}
