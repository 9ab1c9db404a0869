import { Module } from '@nestjs/common';
import { RatesModule } from '../rates/rates.module';
import { ApiKeyResolver } from './api-key-resolver';
import { RateHistory } from './history/rate-history';
import { MeteringService } from './metering.service';
import { PlanLimitsService } from './plan-limits';
import { PublicApiRoutes } from './public-api.routes';
import { UserPlansService } from './user-plans.service';

@Module({
  imports: [RatesModule],
  providers: [
    ApiKeyResolver,
    PlanLimitsService,
    MeteringService,
    UserPlansService,
    RateHistory,
    PublicApiRoutes,
  ],
  exports: [UserPlansService, PlanLimitsService, MeteringService, PublicApiRoutes],
})
export class PublicApiModule {}
