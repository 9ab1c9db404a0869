import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import {
  heldAndUpcoming,
  Payment,
  Subscription,
  SubscriptionsRepository,
  User,
  UsersRepository,
} from '@fxrates/db';
import { planPriceMinor, type BillingCycle, type PlanId } from '@fxrates/domain';
import {
  CAPTURE_TAKEN_BACK,
  decidedFields,
  overlappedPaidTime,
  judgeSubscription,
  PayPalClient,
  PayPalPlanIds,
  paypalUpdatedAt,
  REFUSED_STATUS,
  saleAmount,
  salePayment,
  salePeriod,
  subscriptionFields,
  type PayPalSale,
  type PayPalSubscription,
  type SalePayment,
  type SubscriptionFields,
} from '@fxrates/paypal';
import { BY_PAYPAL, UserPlan } from '@fxrates/plans';
import { JOBS, QUEUES, type QueueOf } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { WORKER_REDIS } from '../worker.tokens';
import { planPaidBy } from './plan-paid-by';

/** Scheduled plan changes applied per sweep: a backlog is worked off over a few sweeps. */
const DUE_CHANGES_BATCH = 500;

/** applied: our copy now matches PayPal; stale: ours is newer; unknown: nothing of ours; refused: grants nothing. */
export type SyncOutcome = 'applied' | 'stale' | 'unknown' | 'refused';

/** Only a state at least as new as the stored one is written. */
const notNewerThan = (updatedAt: Date | null) => ({
  $or: [{ paypalUpdatedAt: null }, { paypalUpdatedAt: { $lte: updatedAt ?? new Date(0) } }],
});

/**
 * Makes our copy of a PayPal subscription match PayPal now (whatever event prompted it), never
 * over a newer copy, then sets the owner's plan: the subscription's plan while it is active or
 * paid up to its period end, free after that. A subscription that is not our plan at our price for
 * its user (judgeSubscription, as the API's subscribe call applies it) grants nothing.
 */
@Injectable()
export class SubscriptionSync {
  private readonly logger = new Logger(SubscriptionSync.name);
  /** Users whose plan a running transaction set, announced once it commits. */
  private readonly unannounced = new AsyncLocalStorage<Set<string>>();

  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PayPalClient,
    private readonly planIds: PayPalPlanIds,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @InjectQueue(QUEUES.paypalWebhooks) private readonly queue: QueueOf<'paypal-webhooks'>,
  ) {}

  /**
   * Runs `work` in one PostgreSQL transaction that every write of this class joins, so what it
   * applies (subscription, payment, plan, and the caller's own mark) commits together or not at all.
   * Plan changes are announced after the commit: an API instance told earlier would re-read the old plan.
   */
  async transactional<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    const users = new Set<string>();
    const result = await this.unannounced.run(users, () => this.db().transactional(work));
    for (const userId of users) await this.announce(userId);
    return result;
  }

  /**
   * Re-reads the subscription at PayPal and applies it, with what a payment of it says when one
   * prompted this. Our row is locked while PayPal's state is applied to it, so two workers (or a
   * worker and the API's confirmation) apply one after the other, each to what the other wrote.
   */
  async sync(paypalSubscriptionId: string, payment?: SalePayment, sale?: PayPalSale): Promise<SyncOutcome> {
    if (!this.unannounced.getStore())
      return this.transactional(() => this.sync(paypalSubscriptionId, payment, sale));
    const paypal = await this.paypal.getSubscription(paypalSubscriptionId);
    if (!paypal) {
      this.logger.warn(`PayPal does not know subscription ${paypalSubscriptionId}`);
      return 'unknown';
    }
    const existing = await this.db().findOne(
      Subscription,
      { paypalSubscriptionId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const verdict = judgeSubscription(paypal, this.planIds, existing?.user.id);
    if (!verdict.accepted) return this.refuse(paypalSubscriptionId, paypal, existing, verdict.reason);
    // A plan PayPal shows after a revision: an upgrade applies now, a downgrade at the period end.
    const fields = existing
      ? decidedFields(existing, paypal, verdict)
      : subscriptionFields(paypal, verdict.plan, verdict.cycle);
    let fresh = true;
    let userId = existing?.user.id;
    if (existing) fresh = await this.update(existing, fields);
    else if (verdict.paying) {
      if (await this.refuseOverlap(paypalSubscriptionId, paypal, verdict.userId)) return 'refused';
      const bound = await this.bind(paypalSubscriptionId, fields, verdict.userId);
      // Bound by someone else meanwhile (the API, another job): judge again against the row that won.
      if (bound === 'raced') return this.sync(paypalSubscriptionId, payment, sale);
      userId = bound ?? undefined;
    }
    if (!userId) return 'unknown';
    if (payment) await this.recordPayment(paypalSubscriptionId, payment);
    if (payment && sale) await this.recordSale(paypalSubscriptionId, sale, payment, paypal, verdict);
    if (!fresh && !payment) return 'stale';
    await this.applyPlan(userId);
    return fresh ? 'applied' : 'stale';
  }

  /**
   * A PAYMENT.SALE.* event: the sale as PayPal has it now (completed, or refunded or reversed since)
   * says whether the period it paid for is paid; then its subscription is synced as any other.
   */
  async syncSale(saleId: string, namedSubscriptionId: string | null): Promise<SyncOutcome> {
    const sale = await this.paypal.getSale(saleId);
    const subscriptionId = sale?.billing_agreement_id ?? namedSubscriptionId;
    if (!subscriptionId) {
      this.logger.warn(`PayPal sale ${saleId} is unknown or pays for no subscription`);
      return 'unknown';
    }
    return this.sync(subscriptionId, (sale && salePayment(sale)) ?? undefined, sale ?? undefined);
  }

  /**
   * A PAYMENT.CAPTURE.REFUNDED or .REVERSED event: when PayPal shows the capture given back and it
   * paid for an upgrade, the payment is marked refunded and, while the period it paid for runs, the
   * subscription goes back to the plan held before it (whatever PayPal bills from the next cycle is
   * judged again by decidePlan then). Idempotent.
   */
  async syncCapture(captureId: string): Promise<SyncOutcome> {
    if (!this.unannounced.getStore()) return this.transactional(() => this.syncCapture(captureId));
    const capture = await this.paypal.getCapture(captureId);
    if (!capture || !CAPTURE_TAKEN_BACK.has(capture.status)) return 'unknown';
    const em = this.db();
    const payment = await em.findOne(
      Payment,
      { paypalCaptureId: captureId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!payment) return 'unknown';
    if (payment.status === 'refunded') return 'stale';
    payment.status = 'refunded';
    const subscription = await em.findOneOrFail(
      Subscription,
      { id: payment.subscription.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const stillPaidFor =
      subscription.plan === payment.plan &&
      subscription.billingCycle === payment.billingCycle &&
      subscription.currentPeriodEnd?.getTime() === payment.periodEnd.getTime();
    if (stillPaidFor && payment.fromPlan && payment.fromBillingCycle) {
      em.assign(subscription, {
        plan: payment.fromPlan,
        billingCycle: payment.fromBillingCycle,
        amountMinor: planPriceMinor(payment.fromPlan, payment.fromBillingCycle),
        pendingPlan: null,
        pendingBillingCycle: null,
        pendingChangeAt: null,
      });
      this.logger.warn(
        `Upgrade payment ${payment.id} was given back: ${subscription.paypalSubscriptionId} returns to ${payment.fromPlan}`,
      );
    }
    await em.flush();
    await this.applyPlan(payment.user.id);
    return 'applied';
  }

  /** Our copy of a subscription that grants nothing is marked so, and its owner's plan set again. */
  private async refuse(
    paypalSubscriptionId: string,
    paypal: PayPalSubscription,
    existing: Subscription | null,
    reason: string,
  ): Promise<SyncOutcome> {
    this.logger.warn(`PayPal subscription ${paypalSubscriptionId} grants no plan: ${reason}`);
    if (!existing) return 'refused';
    const updatedAt = paypalUpdatedAt(paypal);
    const fresh = await this.db().nativeUpdate(
      Subscription,
      { id: existing.id, ...notNewerThan(updatedAt) },
      // Granting nothing, it has no downgrade to wait for either.
      {
        status: REFUSED_STATUS,
        paypalUpdatedAt: updatedAt,
        pendingPlan: null,
        pendingBillingCycle: null,
        pendingChangeAt: null,
      },
    );
    if (!fresh) return 'stale';
    await this.applyPlan(existing.user.id);
    return 'refused';
  }

  /**
   * A subscription the browser never reported that PayPal starts billing before the owner's paid time
   * ends (overlappedPaidTime, as the API's subscribe call judges it) is not bound: it is cancelled at
   * PayPal (again at the next delivery or reconcile should PayPal be down now). True when refused.
   */
  private async refuseOverlap(
    paypalSubscriptionId: string,
    paypal: PayPalSubscription,
    userId: string,
  ): Promise<boolean> {
    const previous = await this.db().findOne(
      Subscription,
      { user: userId, paypalSubscriptionId: { $ne: null }, status: { $ne: REFUSED_STATUS } },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    const paidUntil = overlappedPaidTime(previous, paypal);
    if (!paidUntil) return false;
    this.logger.warn(
      `PayPal subscription ${paypalSubscriptionId} of ${userId} starts before their paid time ends (${paidUntil.toISOString()}): not bound, cancelling it`,
    );
    try {
      await this.paypal.cancelSubscription(
        paypalSubscriptionId,
        'Refused: it starts before the paid period ends',
      );
    } catch (error) {
      this.logger.error(
        `Overlapping PayPal subscription ${paypalSubscriptionId} NOT cancelled: ${(error as Error).message}`,
      );
    }
    return true;
  }

  /** Writes PayPal's state over ours unless ours is newer; true when it did. */
  private async update(existing: Subscription, fields: SubscriptionFields): Promise<boolean> {
    const updated = await this.db().nativeUpdate(
      Subscription,
      { id: existing.id, ...notNewerThan(fields.paypalUpdatedAt) },
      {
        ...fields,
        // PayPal drops next_billing_time and keeps no payment on cancellation: keep what was paid for.
        currentPeriodEnd: fields.currentPeriodEnd ?? existing.currentPeriodEnd,
        lastPaymentAt: fields.lastPaymentAt ?? existing.lastPaymentAt,
      },
    );
    return updated > 0;
  }

  /**
   * An active subscription PayPal made for one of our users that the browser never reported (closed
   * tab): the owner's id once stored, null when custom_id names nobody, 'raced' when it was stored meanwhile.
   */
  private async bind(
    paypalSubscriptionId: string,
    fields: SubscriptionFields,
    customId: string,
  ): Promise<string | null | 'raced'> {
    const em = this.db();
    const user = await em.findOne(User, { id: customId });
    if (!user) {
      this.logger.warn(
        `PayPal subscription ${paypalSubscriptionId} grants no plan: custom_id names no user (${customId})`,
      );
      return null;
    }
    try {
      // A savepoint: inside a transaction, the unique violation must not abort the whole of it.
      await em.transactional(async (inner) => {
        inner.create(Subscription, { ...fields, user, paypalSubscriptionId, createdAt: new Date() });
      });
      return user.id;
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      return 'raced';
    }
  }

  /** Payments only ever move their mark forward, so a redelivered or late event changes nothing. */
  private async recordPayment(paypalSubscriptionId: string, payment: SalePayment): Promise<void> {
    const field = payment.paid ? 'paidSaleAt' : 'revokedSaleAt';
    await this.db().nativeUpdate(
      Subscription,
      { paypalSubscriptionId, $or: [{ [field]: null }, { [field]: { $lt: payment.at } }] },
      { [field]: payment.at },
    );
  }

  /**
   * The sale as a row of `payments`, the account page's list of everything paid: one
   * row per PayPal transaction id (the unique paypal_capture_id), so a replayed event, a second
   * delivery or a sync after reconcile writes nothing twice. It pays for the plan PayPal billed (the
   * subscription's plan_id now: a sale is announced as it is taken) for the period salePeriod
   * gives; the amount is what PayPal says it took. A sale refunded or reversed since is marked
   * refunded, and never goes back to captured.
   */
  private async recordSale(
    paypalSubscriptionId: string,
    sale: PayPalSale,
    payment: SalePayment,
    paypal: PayPalSubscription,
    { plan, cycle }: { plan: PlanId; cycle: BillingCycle },
  ): Promise<void> {
    const em = this.db();
    const subscription = await em.findOne(Subscription, { paypalSubscriptionId });
    const amount = saleAmount(sale);
    const period = salePeriod(sale, cycle, paypal);
    if (!subscription || !amount || amount.minor <= 0 || !period) {
      this.logger.warn(
        `PayPal sale ${sale.id} of ${paypalSubscriptionId} not listed: its amount or time is unreadable`,
      );
      return;
    }
    await new SubscriptionsRepository(em).recordSale({
      paymentId: randomUUID(),
      userId: subscription.user.id,
      subscriptionId: subscription.id,
      status: payment.paid ? 'captured' : 'refunded',
      plan,
      billingCycle: cycle,
      amountMinor: amount.minor,
      currency: amount.currency,
      periodStart: period.start,
      periodEnd: period.end,
      captureId: sale.id,
      capturedAt: payment.at,
    });
  }

  /**
   * Applies the downgrades whose paid period is over (pending_change_at passed): each subscription is
   * synced, so PayPal is read again and the change applies only if PayPal still has the cheaper plan
   * (an undone change is dropped instead). The durable backstop of the delayed sync scheduled at that
   * time; idempotent, and two workers apply each change once (the row lock in sync). Returns how many
   * subscriptions were synced.
   */
  async applyDueChanges(now = new Date()): Promise<number> {
    const due = await this.em
      .fork()
      .find(
        Subscription,
        { pendingChangeAt: { $lte: now }, paypalSubscriptionId: { $ne: null } },
        { fields: ['paypalSubscriptionId'], orderBy: { pendingChangeAt: 'asc' }, limit: DUE_CHANGES_BATCH },
      );
    let synced = 0;
    for (const { paypalSubscriptionId } of due) {
      try {
        await this.sync(paypalSubscriptionId!);
        synced += 1;
      } catch (error) {
        this.logger.warn(
          `Scheduled plan change of ${paypalSubscriptionId} not applied yet: ${(error as Error).message}`,
        );
      }
    }
    return synced;
  }

  /**
   * Moves to free every user still on a paid plan whose latest subscription no longer pays (lapsed,
   * refunded, or none of ours at our price): the durable backstop for the delayed sync that applyPlan
   * schedules at period end (a delayed job lives only in Redis). Returns how many users changed plan.
   */
  async endLapsedPlans(now = new Date()): Promise<number> {
    const lapsed = await new SubscriptionsRepository(this.em).usersWithLapsedPlans(REFUSED_STATUS, now);
    let changed = 0;
    for (const id of lapsed) if (await this.applyPlan(id)) changed += 1;
    return changed;
  }

  /**
   * Sets the owner's plan from their latest subscription that is ours at our price (free when none
   * pays), and announces it; true when the plan changed.
   */
  private async applyPlan(userId: string): Promise<boolean> {
    const em = this.db();
    // The user's row first, held to the commit: a plan the API is granting meanwhile (an upgrade
    // paid for) commits before its subscriptions are read here, so it is never written over.
    await new UsersRepository(em).lock(userId);
    const now = Date.now();
    const newest = await em.find(
      Subscription,
      { user: userId, paypalSubscriptionId: { $ne: null }, status: { $ne: REFUSED_STATUS } },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 2 },
    );
    // One bought to start when the paid time ends grants nothing before: the one before it holds.
    const { held: latest, upcoming } = heldAndUpcoming(newest, new Date(now));
    if (upcoming) await this.syncAt(upcoming.paypalSubscriptionId!, upcoming.startDate!.getTime(), now);
    const plan: PlanId = latest ? planPaidBy(latest, now) : 'free';
    const paidUntil = latest?.currentPeriodEnd?.getTime() ?? 0;
    if (latest && plan !== 'free' && latest.status !== 'active') {
      await this.syncAt(latest.paypalSubscriptionId!, paidUntil, now);
    }
    const changeAt = latest?.pendingChangeAt?.getTime();
    if (latest && changeAt) {
      // The scheduled downgrade applies at the end of the paid period (applyDueChanges is the backstop).
      await this.syncAt(latest.paypalSubscriptionId!, changeAt, now);
    }
    const changed = await UserPlan.write(em, userId, plan, BY_PAYPAL);
    // Announced every time, not only on a change: a job retried after its announcement failed has
    // nothing left to change, yet the API instances must still hear of it (hearing twice is harmless).
    const pending = this.unannounced.getStore();
    if (pending) pending.add(userId);
    else await this.announce(userId);
    if (changed) {
      this.logger.log(
        `User ${userId} is now on ${plan} (PayPal ${latest?.paypalSubscriptionId ?? 'none'} ${latest?.status ?? ''})`,
      );
    }
    return changed;
  }

  /** A sync of the subscription at `at`, one job per subscription and time. */
  private async syncAt(paypalSubscriptionId: string, at: number, now: number): Promise<void> {
    await this.queue.add(
      JOBS.syncPayPalSubscription,
      { paypalSubscriptionId },
      { delay: Math.max(0, at - now), jobId: `paypal-sync-${paypalSubscriptionId}-${at}` },
    );
  }

  /**
   * Announces the plan of the subscription's owner again: for an event found applied, whose job may
   * be a retry after the announcement following its commit failed (hearing twice is harmless).
   */
  async announceOwnerOf(paypalSubscriptionId: string): Promise<void> {
    const subscription = await this.db().findOne(
      Subscription,
      { paypalSubscriptionId },
      { fields: ['user'] },
    );
    if (subscription) await this.announce(subscription.user.id);
  }

  private async announce(userId: string): Promise<void> {
    await UserPlan.announce(this.redis, this.config.redis.keyPrefix, userId);
  }

  /** A fresh EntityManager, in the transaction of `transactional()` when one runs. */
  private db(): EntityManager {
    return this.em.fork({ keepTransactionContext: true });
  }
}
