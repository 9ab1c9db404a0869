import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import {
  ErrorCode,
  PLANS,
  planChangeDirection,
  type BillingCycle,
  type PaidPlanId,
  type PlanChangeStarted,
} from '@fxrates/domain';
import { PayPalClient, PayPalPlanIds } from '@fxrates/paypal';
import { AppException } from '../../common/app-exception';
import { askPayPal } from './paypal-errors';
import { SubscriptionsService } from './subscriptions.service';

/** Where PayPal sends the buyer back: an absolute URL of this web app. */
export interface ReturnUrls {
  returnUrl: string;
  cancelUrl?: string;
}

const invalidReturnUrl = () =>
  new AppException(
    ErrorCode.ValidationFailed,
    'returnUrl and cancelUrl must be pages of this web app (an allowed origin).',
  );

/**
 * Starts a change of plan of the user's live subscription through PayPal's revise flow: the buyer
 * approves the revised subscription at PayPal, then the web app asks for its confirmation
 * (SubscriptionsService.confirmChange), which reads what PayPal made of it. Nothing changes here.
 */
@Injectable()
export class PlanChangesService {
  private readonly logger = new Logger(PlanChangesService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly paypal: PayPalClient,
    private readonly planIds: PayPalPlanIds,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /** An upgrade or a downgrade; choosing the plan paid for now while a downgrade waits undoes it. */
  async start(
    userId: string,
    target: { plan: PaidPlanId; cycle: BillingCycle },
    urls: ReturnUrls,
    origin: string | undefined,
  ): Promise<PlanChangeStarted> {
    const live = await this.live(userId);
    const pending = live.pendingChange();
    const direction = planChangeDirection({ plan: live.plan, cycle: live.billingCycle }, target);
    if (direction === 'same' && !pending) {
      throw new AppException(ErrorCode.PlanUnchanged, 'This is already your plan.');
    }
    if (pending && pending.plan === target.plan && pending.billingCycle === target.cycle) {
      throw new AppException(
        ErrorCode.PlanUnchanged,
        `Your change to ${PLANS[target.plan].name} (${target.cycle}) is already scheduled.`,
      );
    }
    const approveUrl = await this.revise(live.paypalSubscriptionId!, target, urls, origin);
    return { direction: direction === 'same' ? 'undo' : direction, approveUrl };
  }

  /** Back to the plan paid for now: the waiting downgrade goes once PayPal confirms the revision. */
  async undo(userId: string, urls: ReturnUrls, origin: string | undefined): Promise<PlanChangeStarted> {
    const live = await this.live(userId);
    if (!live.pendingChange()) {
      throw new AppException(ErrorCode.PlanChangeNotFound, 'You have no scheduled plan change to undo.');
    }
    const paid = { plan: live.plan as PaidPlanId, cycle: live.billingCycle };
    return {
      direction: 'undo',
      approveUrl: await this.revise(live.paypalSubscriptionId!, paid, urls, origin),
    };
  }

  private async live(userId: string) {
    if (!this.paypal.configured) {
      throw new AppException(ErrorCode.BillingNotConfigured, 'Subscriptions are not available right now.');
    }
    const live = await this.subscriptions.liveSubscription(userId);
    if (!live || live.status !== 'active') {
      throw new AppException(
        ErrorCode.SubscriptionNotFound,
        'You have no active subscription to change. Choose a plan on the pricing page.',
      );
    }
    return live;
  }

  private async revise(
    paypalId: string,
    target: { plan: PaidPlanId; cycle: BillingCycle },
    urls: ReturnUrls,
    origin: string | undefined,
  ): Promise<string> {
    const returnUrl = this.ourPage(urls.returnUrl, origin);
    const cancelUrl = this.ourPage(urls.cancelUrl ?? urls.returnUrl, origin);
    const planId = this.planIds.idOf(target.plan, target.cycle);
    if (!planId) {
      this.logger.error(`No PayPal plan id for ${target.plan} ${target.cycle}: set it in PAYPAL_PLAN_IDS`);
      throw new AppException(ErrorCode.BillingNotConfigured, 'This plan cannot be bought right now.');
    }
    const revised = await askPayPal(
      () => this.paypal.reviseSubscription(paypalId, planId, { returnUrl, cancelUrl }),
      (error) => this.logger.warn(`Subscription ${paypalId} not revised: ${error.message}`),
    );
    if (!revised) {
      throw new AppException(
        ErrorCode.SubscriptionNotActive,
        'PayPal says this subscription can no longer be changed. Reload the page to see its state.',
      );
    }
    return revised.approveUrl;
  }

  /** PayPal sends the buyer only to this web app: the request's own origin or a configured one. */
  private ourPage(url: string, origin: string | undefined): string {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalidReturnUrl();
    }
    const allowed = parsed.origin === origin || this.config.api.corsOrigins.includes(parsed.origin);
    if (!/^https?:$/.test(parsed.protocol) || !allowed) throw invalidReturnUrl();
    return parsed.toString();
  }
}
