import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { PAYPAL_PROVIDERS } from '@fxrates/paypal';
import { QUEUES } from '@fxrates/queues';
import { AuthModule } from '../auth/auth.module';
import { PublicApiModule } from '../public-api/public-api.module';
import { BillingPlansController } from './billing-plans.controller';
import { BillingPlansService } from './billing-plans.service';

import { PayPalWebhooksController } from './paypal-webhooks.controller';
import { PayPalWebhooksService } from './paypal-webhooks.service';
import { SubscriptionVerifier } from './subscription-verifier';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionCancellationService } from './subscription-cancellation.service';
import { SubscriptionsService } from './subscriptions.service';
import { PlanChangesService } from './plan-changes.service';

@Module({
  imports: [AuthModule, PublicApiModule, BullModule.registerQueue({ name: QUEUES.paypalWebhooks })],
  controllers: [BillingPlansController, SubscriptionsController, PayPalWebhooksController],
  providers: [
    ...PAYPAL_PROVIDERS,
    BillingPlansService,
    SubscriptionVerifier,
    SubscriptionsService,
    SubscriptionCancellationService,
    PlanChangesService,
    PayPalWebhooksService,
  ],
})
export class BillingModule {}
