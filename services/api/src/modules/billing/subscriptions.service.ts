import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
import { Subscription, SubscriptionsRepository, User } from '@fxrates/db';
import {
  ErrorCode,
  planQuotes,
  PLANS,
  type PlanQuotesResponse,
  type SubscriptionView,
} from '@fxrates/domain';
import { AppException } from '../../common/errors';
import { UserPlansService } from '../plans';
import type { CreateSubscriptionBody } from './dto/create-subscription.body';
import {
  decidedFields,
  LIVE_STATUSES,
  overlappedPaidTime,
  PayPalClient,
  REFUSED_STATUS,
  subscriptionFields,
} from '@fxrates/paypal';
import { askPayPal } from './paypal-errors';
import { SubscriptionVerifier, type VerifiedSubscription } from './subscription-verifier';
import { viewOf } from './subscription-view';

const alreadyBound = () =>
  new AppException(
    ErrorCode.SubscriptionAlreadyBound,
    'This PayPal subscription is already used by another account.',
  );

const paymentRevoked = () =>
  new AppException(
    ErrorCode.SubscriptionNotActive,
    'PayPal refunded or reversed the latest payment of this subscription, so it pays for no plan until its next payment. Subscribe again from the pricing page.',
  );

const noActiveSubscription = () =>
  new AppException(
    ErrorCode.SubscriptionNotFound,
    'You have no active subscription to change. Choose a plan on the pricing page.',
  );

/** The user's live subscription (raised when a second one is reported). */
class SecondSubscription extends Error {
  constructor(readonly live: Subscription) {
    super('second live subscription');
  }
}

/**
 * Records a subscription approved in PayPal once PayPal confirms it, and moves the user's plan at
 * once; a user holds one live subscription, whose plan changes by PayPal's revise flow (confirmChange).
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PayPalClient,
    private readonly verifier: SubscriptionVerifier,
    private readonly userPlans: UserPlansService,
    @InjectQueue(QUEUES.paypalWebhooks) private readonly queue: QueueOf<'paypal-webhooks'>,
  ) {}

  /** `requestId` (the request's X-Request-Id) goes with the jobs it queues, for the worker's log lines. */
  async subscribe(
    userId: string,
    body: CreateSubscriptionBody,
    requestId?: string,
  ): Promise<SubscriptionView> {
    this.requireBilling();
    const verified = await askPayPal(
      () =>
        this.verifier.verify(body.paypalSubscriptionId, userId, {
          plan: body.plan,
          cycle: body.billingCycle,
        }),
      (error) => this.logger.warn(`Subscription ${body.paypalSubscriptionId} not verified: ${error.message}`),
    );
    // The id we asked PayPal about is the one recorded, whatever its answer says of itself.
    const paypalId = body.paypalSubscriptionId;
    await this.refuseOverlap(userId, paypalId, verified);
    let subscription: Subscription;
    try {
      subscription = await this.recordWithPlan(userId, paypalId, verified);
    } catch (error) {
      if (!(error instanceof SecondSubscription)) throw error;
      throw await this.refuseSecond(userId, paypalId, error.live);
    }
    await this.userPlans.announce(userId);
    if (subscription.startsLater()) {
      // The worker moves the user to it when it starts (PayPal's first payment and reconcile too).
      const at = subscription.startDate!.getTime();
      await this.queue.add(
        JOBS.syncPayPalSubscription,
        { paypalSubscriptionId: paypalId, requestId },
        { delay: Math.max(0, at - Date.now()), jobId: `paypal-sync-${paypalId}-${at}` },
      );
    }
    return viewOf(subscription);
  }

  /**
   * After the buyer approved a revision at PayPal (an upgrade, a downgrade or its undoing): reads the
   * subscription at PayPal, judges it as a new one is judged, and records what it grants (decidePlan):
   * an upgrade at once, a downgrade at the end of the paid period. Asking again changes nothing more.
   */
  async confirmChange(userId: string, requestId?: string): Promise<SubscriptionView> {
    this.requireBilling();
    const live = await this.liveSubscription(userId);
    if (!live?.paypalSubscriptionId) throw noActiveSubscription();
    const paypalId = live.paypalSubscriptionId;
    const verified = await askPayPal(
      () => this.verifier.current(paypalId, userId),
      (error) => this.logger.warn(`Change of ${paypalId} not confirmed: ${error.message}`),
    );
    const subscription = await this.recordWithPlan(userId, paypalId, verified);
    await this.userPlans.announce(userId);
    await this.syncWhenChangeIsDue(subscription, requestId);
    return viewOf(subscription);
  }

  /**
   * A subscription bought while the previous one's paid time runs on (cancelled, not refunded) must
   * start billing when that time ends, so no paid period is lost or paid twice: one that starts
   * earlier is cancelled at PayPal and refused, and the user told to buy it again (the pricing page
   * sets PayPal's start_time).
   */
  private async refuseOverlap(
    userId: string,
    paypalId: string,
    verified: VerifiedSubscription,
  ): Promise<void> {
    const latest = await this.latestSubscription(userId);
    const paidUntil = overlappedPaidTime(latest, { ...verified.paypal, id: paypalId });
    if (!latest || !paidUntil) return;
    let cancelled = false;
    try {
      cancelled = await this.paypal.cancelSubscription(
        paypalId,
        'Refused: it starts before the paid period ends',
      );
    } catch (error) {
      this.logger.error(
        `Overlapping PayPal subscription ${paypalId} of ${userId} NOT cancelled: ${(error as Error).message}`,
      );
    }
    const date = paidUntil.toISOString().slice(0, 10);
    throw new AppException(
      ErrorCode.PaidPeriodRemaining,
      `You have already paid for ${PLANS[latest.plan]?.name ?? latest.plan} until ${date}, so a new subscription starts then. ` +
        (cancelled
          ? 'We cancelled the one that started today. '
          : 'Cancel the one that started today in your PayPal account. ') +
        'Choose the plan again on the pricing page: it starts on that date, with nothing to pay today.',
    );
  }

  /** Every paid plan and cycle priced for this user now (planQuotes), from their latest subscription. */
  async quotes(userId: string, now = new Date()): Promise<PlanQuotesResponse> {
    const em = this.em.fork();
    const user = await em.findOne(User, { id: userId }, { fields: ['plan'] });
    if (!user)
      throw new AppException(ErrorCode.Unauthorized, 'Sign in again: this account no longer exists.');
    const latest = await this.latestSubscription(userId, em);
    const held =
      latest && latest.plan !== 'free' && !latest.paymentRevoked()
        ? {
            plan: latest.plan,
            cycle: latest.billingCycle,
            status: latest.startsLater(now) ? 'scheduled' : latest.status,
            periodEnd: latest.currentPeriodEnd,
            lastPaymentAt: latest.lastPaymentAt,
          }
        : null;
    return planQuotes(held, user.plan, now);
  }

  /** The user's latest subscription that is one of ours at our price (any status), or null. */
  latestSubscription(userId: string, em: EntityManager = this.em.fork()): Promise<Subscription | null> {
    return em.findOne(
      Subscription,
      { user: userId, paypalSubscriptionId: { $ne: null }, status: { $ne: REFUSED_STATUS } },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
  }

  /** The worker applies a scheduled change when it is due (its hourly sweep is the backstop); one job per change. */
  async syncWhenChangeIsDue(subscription: Subscription, requestId?: string): Promise<void> {
    const changeAt = subscription.pendingChangeAt?.getTime();
    if (!changeAt || !subscription.paypalSubscriptionId) return;
    const paypalId = subscription.paypalSubscriptionId;
    await this.queue.add(
      JOBS.syncPayPalSubscription,
      { paypalSubscriptionId: paypalId, requestId },
      { delay: Math.max(0, changeAt - Date.now()), jobId: `paypal-sync-${paypalId}-${changeAt}` },
    );
  }

  /** The user's latest subscription that bills (active or suspended), or null. */
  liveSubscription(userId: string, em: EntityManager = this.em.fork()): Promise<Subscription | null> {
    return em.findOne(
      Subscription,
      { user: userId, paypalSubscriptionId: { $ne: null }, status: { $in: LIVE_STATUSES } },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
  }

  private requireBilling(): void {
    if (!this.paypal.configured) {
      throw new AppException(ErrorCode.BillingNotConfigured, 'Subscriptions are not available right now.');
    }
  }

  /**
   * A second subscription would bill the user twice for one account: it is cancelled at PayPal (it
   * is theirs: judged for them) and refused, and the user is told to change the plan they have.
   */
  private async refuseSecond(userId: string, paypalId: string, live: Subscription): Promise<AppException> {
    let cancelled = false;
    try {
      cancelled = await this.paypal.cancelSubscription(
        paypalId,
        `Refused: the account already has subscription ${live.paypalSubscriptionId}`,
      );
    } catch (error) {
      this.logger.error(
        `Second PayPal subscription ${paypalId} of user ${userId} NOT cancelled: ${(error as Error).message}`,
      );
    }
    const plan = PLANS[live.plan]?.name ?? live.plan;
    return new AppException(
      ErrorCode.AlreadySubscribed,
      `You already have an active ${plan} (${live.billingCycle}) subscription. ` +
        (cancelled
          ? 'We cancelled the new PayPal subscription so you are not billed twice. '
          : 'Cancel the new PayPal subscription in your PayPal account so you are not billed twice. ') +
        'To change plan, choose it on the pricing page: your subscription is changed, not replaced.',
    );
  }

  /**
   * The subscription row and the user's plan, in one transaction: a crash between them would leave
   * a paid subscription on a free account (or the reverse). A lock per user is taken first, so two
   * new subscriptions reported at once cannot both become live. The unique PayPal id keeps one
   * subscription to one user.
   */
  private async recordWithPlan(
    userId: string,
    paypalId: string,
    verified: VerifiedSubscription,
  ): Promise<Subscription> {
    try {
      return await this.em.fork().transactional(async (em) => {
        // Per user, not a row lock: the worker locks a subscription row, then its user's, and this
        // takes them in that order too (record, then writePlan), so neither waits on the other in a cycle.
        await new SubscriptionsRepository(em).lockOfUser(userId);
        const subscription = await this.record(em, userId, paypalId, verified);
        // One that starts later grants nothing yet: the paid time before it keeps its own plan.
        if (!subscription.startsLater())
          await this.userPlans.writePlan(em, userId, subscription.plan, 'owner');
        return subscription;
      });
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      // The same subscription reported by another user at once: theirs committed first.
      const winner = await this.em.fork().findOneOrFail(Subscription, { paypalSubscriptionId: paypalId });
      if (winner.user.id !== userId) throw alreadyBound();
      return winner;
    }
  }

  /** Inserts or refreshes the row, in the caller's transaction. */
  private async record(
    em: EntityManager,
    userId: string,
    paypalId: string,
    { paypal, plan, cycle }: VerifiedSubscription,
  ): Promise<Subscription> {
    const existing = await em.findOne(
      Subscription,
      { paypalSubscriptionId: paypalId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (existing) {
      if (existing.user.id !== userId) throw alreadyBound();
      if (existing.paymentRevoked()) throw paymentRevoked();
      // PayPal's plan may be a revision the buyer approved: an upgrade applies now, a downgrade later.
      em.assign(existing, decidedFields(existing, paypal, { plan, cycle }));
      await em.flush();
      return existing;
    }
    const live = await this.liveSubscription(userId, em);
    if (live) throw new SecondSubscription(live);
    const created = em.create(Subscription, {
      ...subscriptionFields(paypal, plan, cycle),
      user: em.getReference(User, userId),
      paypalSubscriptionId: paypalId,
      createdAt: new Date(),
    });
    await em.flush();
    return created;
  }
}
