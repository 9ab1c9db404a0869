import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode, type BillingCycle, type PaidPlanId } from '@fxrates/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppException } from '../../common/errors';
import {
  judgeSubscription,
  PayPalClient,
  PayPalPlanIds,
  type PayPalSubscription,
  type SubscriptionRefusal,
  type SubscriptionVerdict,
} from '@fxrates/paypal';

/** How often an APPROVED subscription is re-read while PayPal activates it. */
const ACTIVATION_CHECKS = 5;

export interface VerifiedSubscription {
  paypal: PayPalSubscription;
  plan: PaidPlanId;
  cycle: BillingCycle;
}

/** What the user is told for each reason judgeSubscription refuses a subscription. */
const REFUSALS: Record<SubscriptionRefusal, [ErrorCode, string]> = {
  'not-for-user': [
    ErrorCode.SubscriptionOwnerMismatch,
    'This PayPal subscription was not made for your account.',
  ],
  'not-our-plan': [
    ErrorCode.SubscriptionPlanMismatch,
    'This PayPal subscription is not for one of our plans.',
  ],
  'not-our-price': [
    ErrorCode.SubscriptionPlanMismatch,
    'This PayPal subscription is not at our price for its plan. Subscribe again from the pricing page.',
  ],
};

/**
 * Decides from PayPal alone whether a subscription id pays for what this user asked: it exists, and
 * judgeSubscription accepts it for this user (made for them, our plan, our price, as the worker
 * judges webhooks), it is the requested plan and cycle, and it is ACTIVE (an APPROVED one is re-read
 * a few times while PayPal activates it).
 */
@Injectable()
export class SubscriptionVerifier {
  private readonly logger = new Logger(SubscriptionVerifier.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly paypal: PayPalClient,
    private readonly planIds: PayPalPlanIds,
  ) {}

  /**
   * The plan and cycle PayPal has this user's subscription on now (after a revision the buyer
   * approved), judged as verify judges it; it must be ACTIVE. The caller decides what it grants.
   */
  async current(paypalSubscriptionId: string, userId: string): Promise<VerifiedSubscription> {
    const paypal = await this.read(paypalSubscriptionId);
    const verdict = this.judge(paypalSubscriptionId, paypal, userId);
    if (!verdict.paying) {
      throw new AppException(
        ErrorCode.SubscriptionNotActive,
        `This PayPal subscription is ${String(paypal.status).toLowerCase()}, not active.`,
      );
    }
    return { paypal, plan: verdict.plan, cycle: verdict.cycle };
  }

  private async read(paypalSubscriptionId: string): Promise<PayPalSubscription> {
    const paypal = await this.paypal.getSubscription(paypalSubscriptionId);
    if (!paypal) {
      throw new AppException(
        ErrorCode.SubscriptionNotFound,
        'PayPal does not know this subscription. Start the subscription again from the pricing page.',
      );
    }
    return paypal;
  }

  async verify(
    paypalSubscriptionId: string,
    userId: string,
    requested: { plan: PaidPlanId; cycle: BillingCycle },
  ): Promise<VerifiedSubscription> {
    let paypal = await this.read(paypalSubscriptionId);
    this.judge(paypalSubscriptionId, paypal, userId, requested); // before waiting on PayPal for a subscription we would refuse anyway
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
    const verdict = this.judge(paypalSubscriptionId, paypal, userId, requested);
    if (!verdict.paying) {
      throw new AppException(
        ErrorCode.SubscriptionNotActive,
        `This PayPal subscription is ${String(paypal.status).toLowerCase()}, not active.`,
      );
    }
    return { paypal, plan: verdict.plan, cycle: verdict.cycle };
  }

  /** judgeSubscription's verdict for this user (and the plan and cycle they asked for), or the refusal they see. */
  private judge(
    paypalSubscriptionId: string,
    paypal: PayPalSubscription,
    userId: string,
    requested?: { plan: PaidPlanId; cycle: BillingCycle },
  ): Extract<SubscriptionVerdict, { accepted: true }> {
    const verdict = judgeSubscription(paypal, this.planIds, userId);
    if (!verdict.accepted) {
      // The reason goes to our log, not to the caller: it may name another user's id.
      this.logger.warn(
        `PayPal subscription ${paypalSubscriptionId} refused for user ${userId}: ${verdict.reason}`,
      );
      const [code, message] = REFUSALS[verdict.refusal];
      throw new AppException(code, message);
    }
    if (requested && (verdict.plan !== requested.plan || verdict.cycle !== requested.cycle)) {
      throw new AppException(
        ErrorCode.SubscriptionPlanMismatch,
        `This PayPal subscription is for ${verdict.plan} (${verdict.cycle}), not ${requested.plan} (${requested.cycle}).`,
      );
    }
    return verdict;
  }
}
