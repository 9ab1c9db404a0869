import { Module } from '@nestjs/common';
import { ShutdownState } from '../../common/shutdown-state';
import { RatesModule } from '../rates/rates.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  imports: [RatesModule],
  controllers: [HealthController],
  providers: [HealthService, ShutdownState],
  exports: [ShutdownState],
})
export class HealthModule {}
