import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { PAYPAL_PROVIDERS } from '@fxrates/paypal';
import { QUEUES } from '@fxrates/queues';
import { AuthModule } from '../auth';
import { MeteringModule } from '../metering';
import { PlansModule } from '../plans';
import { BillingPlansController } from './billing-plans.controller';
import { BillingPlansService } from './billing-plans.service';

import { PayPalWebhooksController } from './paypal-webhooks.controller';
import { PayPalWebhooksService } from './paypal-webhooks.service';
import { WebhookTransmissions } from './webhook-transmissions';
import { SubscriptionVerifier } from './subscription-verifier';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionCancellationService } from './subscription-cancellation.service';
import { SubscriptionsService } from './subscriptions.service';
import { PlanChangePayments } from './plan-change-payments.service';
import { PlanChangesService } from './plan-changes.service';

@Module({
  imports: [
    AuthModule,
    PlansModule,
    MeteringModule,
    BullModule.registerQueue({ name: QUEUES.paypalWebhooks }),
  ],
  controllers: [BillingPlansController, SubscriptionsController, PayPalWebhooksController],
  providers: [
    ...PAYPAL_PROVIDERS,
    BillingPlansService,
    SubscriptionVerifier,
    SubscriptionsService,
    SubscriptionCancellationService,
    PlanChangesService,
    PlanChangePayments,
    PayPalWebhooksService,
    WebhookTransmissions,
  ],
  exports: [SubscriptionCancellationService],
})
export class BillingModule {}
