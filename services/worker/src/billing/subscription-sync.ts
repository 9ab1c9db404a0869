import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { Subscription, User } from '@fxrates/db';
import type { PlanId } from '@fxrates/domain';
import { PayPalClient, PayPalPlanIds, subscriptionFields, type SubscriptionFields } from '@fxrates/paypal';
import { JOBS, planChangedChannelName, QUEUES, type SyncPayPalSubscriptionJob } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { WORKER_REDIS } from '../worker.tokens';

export type SyncOutcome = 'applied' | 'stale' | 'unknown';

/**
 * Makes our copy of a PayPal subscription match PayPal now (whatever event prompted it), never
 * over a newer copy, then sets the owner's plan: the subscription's plan while it is active or
 * paid up to its period end, free after that.
 */
@Injectable()
export class SubscriptionSync {
  private readonly logger = new Logger(SubscriptionSync.name);

  constructor(
    private readonly em: EntityManager,
    private readonly paypal: PayPalClient,
    private readonly planIds: PayPalPlanIds,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @InjectQueue(QUEUES.paypalWebhooks) private readonly queue: Queue<SyncPayPalSubscriptionJob>,
  ) {}

  async sync(paypalSubscriptionId: string): Promise<SyncOutcome> {
    const paypal = await this.paypal.getSubscription(paypalSubscriptionId);
    const bought = this.planIds.planOf(paypal?.plan_id);
    if (!paypal || !bought) {
      this.logger.warn(`PayPal subscription ${paypalSubscriptionId} is unknown or not one of our plans`);
      return 'unknown';
    }
    const fields = subscriptionFields(paypal, bought.plan, bought.cycle);
    const userId = await this.store(paypalSubscriptionId, fields, paypal.custom_id);
    if (!userId) return userId === null ? 'unknown' : 'stale';
    await this.applyPlan(userId);
    return 'applied';
  }

  /** The owner's id once stored, undefined when our copy is newer, null when no user owns it. */
  private async store(
    paypalSubscriptionId: string,
    fields: SubscriptionFields,
    customId: string | undefined,
  ): Promise<string | null | undefined> {
    const em = this.em.fork();
    const existing = await em.findOne(Subscription, { paypalSubscriptionId });
    if (!existing) return this.bind(paypalSubscriptionId, fields, customId);
    const updated = await em.nativeUpdate(
      Subscription,
      {
        id: existing.id,
        $or: [
          { paypalUpdatedAt: null },
          { paypalUpdatedAt: { $lte: fields.paypalUpdatedAt ?? new Date(0) } },
        ],
      },
      {
        ...fields,
        // PayPal drops next_billing_time and keeps no payment on cancellation: keep what was paid for.
        currentPeriodEnd: fields.currentPeriodEnd ?? existing.currentPeriodEnd,
        lastPaymentAt: fields.lastPaymentAt ?? existing.lastPaymentAt,
      },
    );
    return updated ? existing.user.id : undefined;
  }

  /** A subscription PayPal made for one of our users that the browser never reported (closed tab). */
  private async bind(
    paypalSubscriptionId: string,
    fields: SubscriptionFields,
    customId: string | undefined,
  ): Promise<string | null | undefined> {
    const em = this.em.fork();
    const user =
      customId && /^[0-9a-f-]{36}$/.test(customId) ? await em.findOne(User, { id: customId }) : null;
    if (!user || fields.status !== 'active') return null;
    em.create(Subscription, { ...fields, user, paypalSubscriptionId, createdAt: new Date() });
    try {
      await em.flush();
      return user.id;
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      return this.store(paypalSubscriptionId, fields, customId);
    }
  }

  /**
   * Moves to free every user still on a paid plan whose latest subscription is no longer active
   * and paid up: the durable backstop for the delayed sync that applyPlan schedules at period end
   * (a delayed job lives only in Redis). Returns how many users changed plan.
   */
  async endLapsedPlans(now = new Date()): Promise<number> {
    const lapsed: Array<{ id: string }> = await this.em.getConnection().execute(
      `select u.id
         from users u
         join lateral (
                select s.status, s.current_period_end
                  from subscriptions s
                 where s.user_id = u.id and s.paypal_subscription_id is not null
                 order by s.created_at desc, s.id desc
                 limit 1) latest on true
        where u.plan <> 'free'
          and latest.status <> 'active'
          and (latest.current_period_end is null or latest.current_period_end <= ?)`,
      [now],
    );
    let changed = 0;
    for (const { id } of lapsed) if (await this.applyPlan(id)) changed += 1;
    return changed;
  }

  /** Sets the owner's plan from their latest subscription; true when it changed. */
  private async applyPlan(userId: string): Promise<boolean> {
    const em = this.em.fork();
    const latest = await em.findOne(
      Subscription,
      { user: userId, paypalSubscriptionId: { $ne: null } },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    if (!latest) return false;
    const paidUntil = latest.currentPeriodEnd?.getTime() ?? 0;
    const plan: PlanId = latest.status === 'active' || paidUntil > Date.now() ? latest.plan : 'free';
    if (latest.status !== 'active' && paidUntil > Date.now()) {
      await this.queue.add(
        JOBS.syncPayPalSubscription,
        { paypalSubscriptionId: latest.paypalSubscriptionId! },
        { delay: paidUntil - Date.now(), jobId: `paypal-sync-${latest.paypalSubscriptionId}-${paidUntil}` },
      );
    }
    const changed = await em.nativeUpdate(User, { id: userId, plan: { $ne: plan } }, { plan });
    if (changed) {
      await this.redis.publish(planChangedChannelName(this.config.redis.keyPrefix), userId);
      this.logger.log(
        `User ${userId} is now on ${plan} (PayPal ${latest.paypalSubscriptionId} ${latest.status})`,
      );
    }
    return changed > 0;
  }
}
