import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode, type BillingCycle, type PaidPlanId } from '@fxrates/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppException } from '../../common/app-exception';
import { PayPalClient, PayPalPlanIds, type PayPalSubscription } from '@fxrates/paypal';

/** How often an APPROVED subscription is re-read while PayPal activates it. */
const ACTIVATION_CHECKS = 5;

export interface VerifiedSubscription {
  paypal: PayPalSubscription;
  plan: PaidPlanId;
  cycle: BillingCycle;
}

/**
 * Decides from PayPal alone whether a subscription id pays for what this user asked: it exists, it
 * was made for this user (custom_id), its plan is ours and the requested plan and cycle, unaltered,
 * and it is ACTIVE (an APPROVED one is re-read a few times while PayPal activates it).
 */
@Injectable()
export class SubscriptionVerifier {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly paypal: PayPalClient,
    private readonly planIds: PayPalPlanIds,
  ) {}

  async verify(
    paypalSubscriptionId: string,
    userId: string,
    requested: { plan: PaidPlanId; cycle: BillingCycle },
  ): Promise<VerifiedSubscription> {
    let paypal = await this.paypal.getSubscription(paypalSubscriptionId);
    if (!paypal) {
      throw new AppException(
        ErrorCode.SubscriptionNotFound,
        'PayPal does not know this subscription. Start the subscription again from the pricing page.',
      );
    }
    if (paypal.custom_id !== userId) {
      throw new AppException(
        ErrorCode.SubscriptionOwnerMismatch,
        'This PayPal subscription was not made for your account.',
      );
    }
    const bought = this.planIds.planOf(paypal.plan_id);
    if (!bought || paypal.plan_overridden === true) {
      throw new AppException(
        ErrorCode.SubscriptionPlanMismatch,
        'This PayPal subscription is not for one of our plans.',
      );
    }
    if (bought.plan !== requested.plan || bought.cycle !== requested.cycle) {
      throw new AppException(
        ErrorCode.SubscriptionPlanMismatch,
        `This PayPal subscription is for ${bought.plan} (${bought.cycle}), not ${requested.plan} (${requested.cycle}).`,
      );
    }
    for (let check = 0; paypal.status === 'APPROVED' && check < ACTIVATION_CHECKS; check++) {
      await sleep(this.config.paypal.activationPollMs);
      paypal = (await this.paypal.getSubscription(paypalSubscriptionId)) ?? paypal;
    }
    if (paypal.status === 'APPROVED') {
      throw new AppException(
        ErrorCode.SubscriptionNotActive,
        'PayPal has not activated this subscription yet. Try again in a minute; you will not be charged twice.',
        undefined,
        { 'Retry-After': '60' },
      );
    }
    if (paypal.status !== 'ACTIVE') {
      throw new AppException(
        ErrorCode.SubscriptionNotActive,
        `This PayPal subscription is ${String(paypal.status).toLowerCase()}, not active.`,
      );
    }
    return { paypal, ...bought };
  }
}
