import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PublicApiModule } from '../public-api/public-api.module';
import { BillingPlansController } from './billing-plans.controller';
import { BillingPlansService } from './billing-plans.service';
import { PAYPAL_PROVIDERS } from './paypal.providers';
import { SubscriptionVerifier } from './subscription-verifier';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

@Module({
  imports: [AuthModule, PublicApiModule],
  controllers: [BillingPlansController, SubscriptionsController],
  providers: [...PAYPAL_PROVIDERS, BillingPlansService, SubscriptionVerifier, SubscriptionsService],
})
export class BillingModule {}
