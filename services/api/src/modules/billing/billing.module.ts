import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PublicApiModule } from '../public-api/public-api.module';
import { BillingPlansController } from './billing-plans.controller';
import { BillingPlansService } from './billing-plans.service';
import { PayPalClient } from './paypal/paypal-client';
import { PayPalPlanIds } from './paypal/paypal-plan-ids';
import { SubscriptionVerifier } from './subscription-verifier';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

@Module({
  imports: [AuthModule, PublicApiModule],
  controllers: [BillingPlansController, SubscriptionsController],
  providers: [BillingPlansService, PayPalPlanIds, PayPalClient, SubscriptionVerifier, SubscriptionsService],
})
export class BillingModule {}
