import { Global, Module } from '@nestjs/common';
import { OpsModule } from '../modules/ops/ops.module';
import { DirectRoutes } from './direct-routes';

@Global()
@Module({
  imports: [OpsModule],
  providers: [DirectRoutes],
  exports: [DirectRoutes],
})
export class DirectRoutesModule {}
