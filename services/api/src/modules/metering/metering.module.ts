import { Module } from '@nestjs/common';
import { MeteringService } from './metering.service';
import { PlanLimitsService } from './plan-limits';

@Module({
  providers: [PlanLimitsService, MeteringService],
  exports: [PlanLimitsService, MeteringService],
})
export class MeteringModule {}
