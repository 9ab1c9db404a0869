import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, redisRateLimiter, type AppConfig } from '@fxrates/config';
import type { Redis } from 'ioredis';
import { RedisLimit } from '../../common/security';
import { REDIS } from '../redis';
import { Payment, Subscription, User } from '@fxrates/db';
import {
  BILLING_CURRENCY,
  ErrorCode,
  formatMinorUnits,
  PLANS,
  upgradeChargeMinor,
  type BillingCycle,
  type PaidPlanId,
  type PlanChangeStarted,
} from '@fxrates/domain';
import {
  completedCapture,
  orderProblem,
  PayPalClient,
  PayPalUnavailableError,
  type PayPalOrder,
} from '@fxrates/paypal';
import { AppException } from '../../common/errors';
import { UserPlansService } from '../plans';
import {
  recordUpgradeCapture,
  UpgradeAlreadyRecorded,
  type CapturedUpgrade,
  type RecordedUpgrade,
} from '@fxrates/plans';
import { askPayPal } from './paypal-errors';
import type { ReturnUrls } from './return-urls';

/** How long the buyer has to approve a quoted upgrade payment at PayPal. */
const QUOTE_LIFETIME_MS = 60 * 60 * 1000;

/** Upgrade payments one user may start an hour: each is an order at PayPal, made on our credentials. */
export const UPGRADE_PAYMENTS_PER_HOUR = 20;

const quoteExpired = (why: string) =>
  new AppException(
    ErrorCode.QuoteExpired,
    `${why} Nothing was charged. Choose the plan again to see today's price.`,
  );

/**
 * An upgrade is paid before it is granted: the prorated difference for the rest of the paid period
 * (upgradeChargeMinor) is a one-time PayPal order for our reference. Once the buyer approved it, the
 * server checks the order (amount, currency, our reference, the subscription's payer), captures it,
 * checks the capture the same way, and only then grants the higher plan until the period's end;
 * PayPal's subscription is then revised so it bills the new price from the next cycle.
 */
@Injectable()
export class PlanChangePayments {
  private readonly logger = new Logger(PlanChangePayments.name);

  private readonly starts: RedisLimit;

  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PayPalClient,
    private readonly userPlans: UserPlansService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.starts = new RedisLimit(
      redisRateLimiter(
        redis,
        config.redis.keyPrefix,
        'upgrade-payment-user',
        UPGRADE_PAYMENTS_PER_HOUR,
        3600,
      ),
      (wait) => `You have started too many upgrade payments in a short time. Wait ${wait}, then try again.`,
    );
  }

  /** Quotes the upgrade from the live subscription and asks PayPal for an order of that amount. */
  async start(
    userId: string,
    live: Subscription,
    target: { plan: PaidPlanId; cycle: BillingCycle },
    urls: ReturnUrls,
    now = new Date(),
  ): Promise<PlanChangeStarted> {
    await this.starts.admit(userId);
    const held = { plan: live.plan, cycle: live.billingCycle };
    const periodEnd = live.currentPeriodEnd;
    if (!periodEnd || periodEnd <= now) {
      throw new AppException(
        ErrorCode.SubscriptionNotActive,
        'Your paid period has just ended and PayPal has not reported the next payment yet. Try again in a few minutes.',
        undefined,
        { 'Retry-After': '300' },
      );
    }
    const chargeMinor = upgradeChargeMinor(
      held,
      target,
      { until: periodEnd, lastPaymentAt: live.lastPaymentAt },
      now,
    );
    const em = this.em.fork();
    const payment = em.create(Payment, {
      user: em.getReference(User, userId),
      subscription: em.getReference(Subscription, live.id),
      status: 'created',
      fromPlan: held.plan,
      fromBillingCycle: held.cycle,
      plan: target.plan,
      billingCycle: target.cycle,
      amountMinor: chargeMinor,
      currency: BILLING_CURRENCY,
      periodEnd,
      expiresAt: new Date(Math.min(now.getTime() + QUOTE_LIFETIME_MS, periodEnd.getTime())),
      paypalOrderId: '',
      createdAt: now,
    });
    const order = await askPayPal(
      () =>
        this.paypal.createOrder({
          reference: payment.id,
          amountMinor: payment.amountMinor,
          description: `${PLANS[target.plan].name} (${target.cycle}) until ${periodEnd.toISOString().slice(0, 10)}: the rest of the period paid for`,
          returnUrl: urls.returnUrl,
          cancelUrl: urls.cancelUrl ?? urls.returnUrl,
        }),
      (error) => this.logger.warn(`Upgrade payment for ${userId} not created: ${error.message}`),
    );
    payment.paypalOrderId = order.id;
    await em.flush();
    return {
      direction: 'upgrade',
      approveUrl: order.approveUrl,
      payment: { id: payment.id, amount: formatMinorUnits(payment.amountMinor), currency: payment.currency },
    };
  }

  /**
   * The buyer approved the payment at PayPal: checks and captures it, then grants the plan it pays
   * for. A payment is captured once: a replay is refused, and PayPal's idempotency (our payment id
   * as PayPal-Request-Id) makes a concurrent second capture the same capture, which the row lock
   * then refuses as a replay. Returns the subscription as now held.
   */
  async pay(userId: string, paymentId: string, now = new Date()): Promise<Subscription> {
    const em = this.em.fork();
    const payment = await em.findOne(
      Payment,
      { id: paymentId, user: userId },
      { populate: ['subscription'] },
    );
    if (!payment)
      throw new AppException(ErrorCode.PaymentNotFound, 'No upgrade payment of yours has this id.');
    if (payment.status === 'expired') throw quoteExpired('This price was quoted over an hour ago.');
    if (payment.status !== 'created') throw alreadyCaptured();
    const subscription = payment.subscription.getEntity();
    const expected = {
      reference: payment.id,
      amountMinor: payment.amountMinor,
      payerId: await this.subscriberOf(subscription),
    };
    const order = await askPayPal(
      () => this.paypal.getOrder(payment.orderId()),
      (error) => this.logger.warn(`Upgrade payment ${payment.id} not read: ${error.message}`),
    );
    if (!order) throw notApproved();
    // Captured at PayPal but not recorded here (our commit failed after PayPal took the money, or a
    // concurrent request is recording it): the capture is checked and recorded now, never taken twice.
    const captured =
      order.status === 'COMPLETED' ? order : await this.capture(payment, subscription, order, expected, now);
    const capture = completedCapture(captured, expected);
    if (typeof capture === 'string') {
      this.logger.error(
        `Upgrade payment ${payment.id}: PayPal's capture is not what we asked for: ${capture}`,
      );
      throw new AppException(
        ErrorCode.PaymentMismatch,
        'PayPal reported a payment other than the one we asked for, so your plan is unchanged. Contact support with this reference: ' +
          payment.id,
      );
    }
    const granted = await this.grant(userId, payment.id, {
      captureId: capture.id,
      capturedMinor: capture.amountMinor!,
      payerId: captured.payerId,
      at: capture.createTime ? new Date(capture.createTime) : now,
    });
    await this.userPlans.announce(userId);
    return granted;
  }

  /**
   * Takes the payment: while its quote holds, an order the buyer approved and that is what we asked
   * for (checked before anything is taken) is captured, our payment id making a retry the same capture.
   */
  private async capture(
    payment: Payment,
    subscription: Subscription,
    order: PayPalOrder,
    expected: { reference: string; amountMinor: number; payerId: string | null },
    now: Date,
  ): Promise<PayPalOrder> {
    this.checkQuoteHolds(payment, subscription, now);
    if (order.status !== 'APPROVED') throw notApproved();
    const problem = orderProblem(order, expected);
    if (problem) {
      this.logger.warn(`Upgrade payment ${payment.id} refused before capture: ${problem}`);
      throw new AppException(
        ErrorCode.PaymentMismatch,
        expected.payerId && order.payerId !== expected.payerId
          ? 'Pay with the PayPal account that pays your subscription. Nothing was charged.'
          : 'This PayPal payment is not the one we asked for. Nothing was charged; choose the plan again.',
      );
    }
    let outcome: Awaited<ReturnType<PayPalClient['captureOrder']>>;
    try {
      outcome = await this.paypal.captureOrder(order.id);
    } catch (error) {
      if (!(error instanceof PayPalUnavailableError)) throw error;
      this.logger.warn(`Upgrade payment ${payment.id}: capture unanswered: ${error.message}`);
      // PayPal may have taken the money before the answer was lost: asking again finds out.
      throw new AppException(
        ErrorCode.PaymentProviderUnavailable,
        'PayPal did not answer whether it took the payment. Reload this page in a minute: a payment PayPal took is applied then, and none is taken twice.',
        undefined,
        { 'Retry-After': '60' },
      );
    }
    if (outcome.captured) return outcome.order;
    if (outcome.reason === 'already-captured') throw alreadyCaptured();
    if (outcome.reason === 'declined') {
      throw new AppException(
        ErrorCode.PaymentDeclined,
        'PayPal declined the payment, so nothing was charged and your plan is unchanged. Choose another way to pay at PayPal and try again.',
      );
    }
    throw notApproved();
  }

  /** Refused before PayPal is asked to take anything: the price was for a period or plan no longer held. */
  private checkQuoteHolds(payment: Payment, subscription: Subscription, now: Date): void {
    if ((payment.expiresAt ?? now) <= now) throw quoteExpired('This price was quoted over an hour ago.');
    if (subscription.status !== 'active' || subscription.paymentRevoked()) {
      throw quoteExpired('Your subscription is no longer active.');
    }
    if (
      subscription.plan !== payment.fromPlan ||
      subscription.billingCycle !== payment.fromBillingCycle ||
      subscription.currentPeriodEnd?.getTime() !== payment.periodEnd.getTime()
    ) {
      throw quoteExpired('Your plan or billing period changed since this price was quoted.');
    }
  }

  /** The PayPal account that pays the subscription: the upgrade is paid from it. */
  private async subscriberOf(subscription: Subscription): Promise<string | null> {
    const paypal = await askPayPal(
      () => this.paypal.getSubscription(subscription.paypalSubscriptionId!),
      (error) =>
        this.logger.warn(`Subscription ${subscription.paypalSubscriptionId} not read: ${error.message}`),
    );
    if (!paypal) throw quoteExpired('PayPal no longer knows your subscription.');
    return paypal.subscriber?.payer_id ?? null;
  }

  /** Records the capture and grants its plan (recordUpgradeCapture); a capture for a period gone is not granted. */
  private async grant(userId: string, paymentId: string, captured: CapturedUpgrade): Promise<Subscription> {
    let recorded: RecordedUpgrade;
    try {
      recorded = await recordUpgradeCapture(this.em, paymentId, captured, 'owner');
    } catch (error) {
      if (error instanceof UpgradeAlreadyRecorded) throw alreadyCaptured();
      throw error;
    }
    if (!recorded.granted) {
      this.logger.error(
        `Upgrade payment ${paymentId} captured for a period, plan or status no longer held by ${userId}: not granted, review for a refund`,
      );
      throw new AppException(
        ErrorCode.QuoteExpired,
        `PayPal took the payment, but your plan or billing period changed before it arrived, so it was not applied. We will refund it; contact support with this reference if you do not see the refund: ${paymentId}`,
      );
    }
    return recorded.subscription;
  }
}

const alreadyCaptured = () =>
  new AppException(ErrorCode.PaymentAlreadyCaptured, 'This payment was already taken and its plan applied.');

const notApproved = () =>
  new AppException(
    ErrorCode.PaymentNotApproved,
    'You have not approved this payment at PayPal, so nothing was charged and your plan is unchanged.',
  );
