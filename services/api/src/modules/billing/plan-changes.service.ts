import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import {
  ErrorCode,
  PLANS,
  planChangeDirection,
  planChangeTiming,
  type BillingCycle,
  type PaidPlanId,
  type PlanChangeStarted,
} from '@fxrates/domain';
import type { Subscription } from '@fxrates/db';
import { PayPalClient, PayPalPlanIds } from '@fxrates/paypal';
import { AppException } from '../../common/errors';
import { askPayPal } from './paypal-errors';
import { PlanChangePayments } from './plan-change-payments.service';
import { ourPages, type ReturnUrls } from './return-urls';
import { SubscriptionsService } from './subscriptions.service';

/**
 * Starts a change of plan of the user's live subscription. A higher tier is paid first
 * (PlanChangePayments: the prorated difference, captured, then granted) and PayPal's subscription
 * revised after; anything else goes through PayPal's revise flow alone: the buyer approves the
 * revised subscription at PayPal, then the web app asks for its confirmation
 * (SubscriptionsService.confirmChange), which reads what PayPal made of it and schedules it for
 * the end of the paid period.
 */
@Injectable()
export class PlanChangesService {
  private readonly logger = new Logger(PlanChangesService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly paypal: PayPalClient,
    private readonly planIds: PayPalPlanIds,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PlanChangePayments,
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
    const pages = ourPages(urls, origin, this.config.api.corsOrigins);
    if (planChangeTiming({ plan: live.plan, cycle: live.billingCycle }, target) === 'now') {
      return this.payments.start(userId, live, target, pages);
    }
    const approveUrl = await this.revise(live.paypalSubscriptionId!, target, pages);
    return { direction: direction === 'same' ? 'undo' : direction, approveUrl };
  }

  /**
   * The buyer approved an upgrade's payment at PayPal: it is captured and the upgrade applies now;
   * then PayPal's subscription is revised to bill the new price from the next cycle, which the buyer
   * approves at the answered link. Should PayPal not take the revision now, the upgrade still holds
   * for the period paid for (approveUrl null; the account page offers to keep the plan after it).
   */
  async pay(
    userId: string,
    paymentId: string,
    urls: ReturnUrls,
    origin: string | undefined,
    requestId?: string,
  ): Promise<{ subscription: Subscription; approveUrl: string | null }> {
    const pages = ourPages(urls, origin, this.config.api.corsOrigins);
    await this.live(userId);
    const subscription = await this.payments.pay(userId, paymentId);
    // The plan paid before comes back at the period's end unless the buyer approves the new price.
    await this.subscriptions.syncWhenChangeIsDue(subscription, requestId);
    const target = { plan: subscription.plan as PaidPlanId, cycle: subscription.billingCycle };
    let approveUrl: string | null = null;
    try {
      approveUrl = await this.revise(subscription.paypalSubscriptionId!, target, pages);
    } catch (error) {
      this.logger.warn(`Upgrade of ${userId} paid, revision not started: ${(error as Error).message}`);
    }
    return { subscription, approveUrl };
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
      approveUrl: await this.revise(
        live.paypalSubscriptionId!,
        paid,
        ourPages(urls, origin, this.config.api.corsOrigins),
      ),
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
    if (live.startsLater()) {
      throw new AppException(
        ErrorCode.SubscriptionNotActive,
        `Your subscription starts on ${live.startDate!.toISOString().slice(0, 10)}, when your paid period ends; change its plan from then on.`,
      );
    }
    return live;
  }

  private async revise(
    paypalId: string,
    target: { plan: PaidPlanId; cycle: BillingCycle },
    { returnUrl, cancelUrl }: Required<ReturnUrls>,
  ): Promise<string> {
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
}
