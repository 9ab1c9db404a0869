import { Global, Module } from '@nestjs/common';
import { MetricsModule } from '../metrics';
import { DirectRoutes } from './direct-routes';

@Global()
@Module({
  imports: [MetricsModule],
  providers: [DirectRoutes],
  exports: [DirectRoutes],
})
export class DirectRoutesModule {}
