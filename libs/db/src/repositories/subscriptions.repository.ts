import type { EntityManager } from '@mikro-orm/postgresql';
import type { BillingCycle, PlanId } from '@fxrates/domain';

/** A PayPal sale of a subscription, as a payment row lists it. */
export interface SubscriptionSale {
  paymentId: string;
  userId: string;
  subscriptionId: string;
  /** Refunded when PayPal refunded or reversed it since. */
  status: 'captured' | 'refunded';
  plan: PlanId;
  billingCycle: BillingCycle;
  amountMinor: number;
  currency: string;
  periodStart: Date | string;
  periodEnd: Date | string;
  /** PayPal's sale id. */
  captureId: string;
  capturedAt: Date | string;
}

/**
 * Subscriptions and payments: what the entities cannot say. Run inside a transaction by building it
 * on the transaction's EntityManager.
 */
export class SubscriptionsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Takes the user's subscriptions lock until the transaction ends: every change of a user's
   * subscriptions or plan (a checkout's capture, a PayPal subscription recorded, a webhook) takes it
   * first, so two never interleave. An advisory lock: it holds even before the user has a row to lock.
   */
  async lockOfUser(userId: string): Promise<void> {
    if (!this.em.isInTransaction()) throw new Error('The subscriptions lock is taken inside a transaction.');
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`subscriptions:${userId}`]);
  }

  /**
   * Lists a subscription's sale as a payment, once (by PayPal's sale id); a sale listed before and
   * refunded since is marked refunded, and a refunded one never goes back to captured.
   */
  async recordSale(sale: SubscriptionSale): Promise<void> {
    await this.em.execute(
      `insert into payments (id, user_id, subscription_id, kind, status, plan, billing_cycle, amount_minor,
                             currency, period_start, period_end, paypal_capture_id, captured_minor, captured_at, created_at)
       values (?, ?, ?, 'subscription', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())
       on conflict (paypal_capture_id) do update set status = 'refunded'
        where excluded.status = 'refunded' and payments.kind = 'subscription'`,
      [
        sale.paymentId,
        sale.userId,
        sale.subscriptionId,
        sale.status,
        sale.plan,
        sale.billingCycle,
        sale.amountMinor,
        sale.currency,
        sale.periodStart,
        sale.periodEnd,
        sale.captureId,
        sale.amountMinor,
        sale.capturedAt,
      ],
    );
  }

  /**
   * The users on a paid plan who have had a PayPal subscription and whose latest one (leaving out
   * those in `refusedStatus`) no longer pays: none left, its sale revoked after its last paid one,
   * or no longer active and past its period.
   */
  async usersWithLapsedPlans(refusedStatus: string, now: Date): Promise<string[]> {
    const lapsed = await this.em.execute<{ id: string }[]>(
      `select u.id
         from users u
         left join lateral (
                select s.status, s.current_period_end, s.paid_sale_at, s.revoked_sale_at
                  from subscriptions s
                 where s.user_id = u.id and s.paypal_subscription_id is not null and s.status <> ?
                 order by s.created_at desc, s.id desc
                 limit 1) latest on true
        where u.plan <> 'free'
          and exists (select 1 from subscriptions s where s.user_id = u.id and s.paypal_subscription_id is not null)
          and (latest.status is null
               or (latest.revoked_sale_at is not null
                   and (latest.paid_sale_at is null or latest.paid_sale_at <= latest.revoked_sale_at))
               or (latest.status <> 'active'
                   and (latest.current_period_end is null or latest.current_period_end <= ?)))`,
      [refusedStatus, now],
    );
    return lapsed.map(({ id }) => id);
  }
}
