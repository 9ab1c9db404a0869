import { Module } from '@nestjs/common';
import { PublicApiModule } from '../public-api/public-api.module';
import { BillingPlansController } from './billing-plans.controller';
import { BillingPlansService } from './billing-plans.service';
import { PayPalPlanIds } from './paypal/paypal-plan-ids';

@Module({
  imports: [PublicApiModule],
  controllers: [BillingPlansController],
  providers: [BillingPlansService, PayPalPlanIds],
})
export class BillingModule {}
