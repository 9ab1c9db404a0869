import {
  BILLING_CURRENCY,
  planChangeTiming,
  planPriceMinor,
  type BillingCycle,
  type PaidPlanId,
  type PlanId,
} from '@fxrates/domain';
import type { PayPalSubscription } from './paypal-subscription';
import { subscriptionFields, type SubscriptionFields } from './subscription-fields';
import { minorUnitsOf } from './subscription-judgement';

/** A paid plan and the cycle it is billed on. */
export interface PaidChoice {
  plan: PaidPlanId;
  cycle: BillingCycle;
}

/** A downgrade waiting for the end of the period paid for. */
export interface PendingChoice extends PaidChoice {
  at: Date;
}

/** What we hold of a subscription: the plan it pays for now, until when, and any downgrade waiting. */
export interface StoredPlan {
  plan: PlanId;
  cycle: BillingCycle;
  currentPeriodEnd: Date | null;
  pending: PendingChoice | null;
}

/** The plan the subscription grants now, and the downgrade still to come (if any). */
export interface PlanDecision extends PaidChoice {
  pending: PendingChoice | null;
}

/** What PayPal last took for the subscription: its latest recurring payment, in our currency. */
export interface LastPayment {
  amountMinor: number | null;
}

/**
 * What a subscription grants once PayPal says it is now on `atPayPal` (its plan_id, judged by
 * judgeSubscription). PayPal bills a revised plan only from the next cycle on, so the plan held is
 * always one paid for:
 * - a higher tier (planChangeTiming `now`) applies once PayPal has billed its price (its latest
 *   payment is that plan's price); until then the plan held stays. The API grants it earlier only by
 *   capturing the prorated difference itself (PlanChangePayments), after which the stored plan is it;
 * - the plan we hold (a downgrade undone, or nothing new) leaves it as it is, nothing waiting;
 * - anything else (a lower tier, another cycle) waits until the end of the period paid at the price
 *   held (the period end we held when PayPal's plan first became this one), then applies.
 * The one rule the API's confirmation, the worker's sync and reconcile apply; pure, so idempotent.
 */
export function decidePlan(
  stored: StoredPlan,
  atPayPal: PaidChoice,
  now: Date,
  lastPayment: LastPayment = { amountMinor: null },
): PlanDecision {
  const kept = { plan: stored.plan as PaidPlanId, cycle: stored.cycle };
  if (stored.plan === 'free') return { ...atPayPal, pending: null };
  const timing = planChangeTiming(stored, atPayPal);
  if (timing === null) return { ...kept, pending: null };
  if (timing === 'now') {
    const billed = lastPayment.amountMinor === planPriceMinor(atPayPal.plan, atPayPal.cycle);
    return billed ? { ...atPayPal, pending: null } : { ...kept, pending: null };
  }
  const at = stored.pending?.at ?? stored.currentPeriodEnd;
  if (!at || at.getTime() <= now.getTime()) return { ...atPayPal, pending: null };
  return { ...kept, pending: { ...atPayPal, at } };
}

/** The latest payment PayPal reports of a subscription, when it is in our currency. */
export function lastPaymentOf(paypal: PayPalSubscription): LastPayment {
  const amount = paypal.billing_info?.last_payment?.amount;
  return {
    amountMinor: amount?.currency_code === BILLING_CURRENCY ? minorUnitsOf(amount.value) : null,
  };
}

/** A subscriptions row as decidePlan reads it and as decidedFields writes it. */
export interface PlanColumns {
  plan: PlanId;
  billingCycle: BillingCycle;
  currentPeriodEnd: Date | null;
  pendingPlan: PlanId | null;
  pendingBillingCycle: BillingCycle | null;
  pendingChangeAt: Date | null;
}

export function storedPlanOf(row: PlanColumns): StoredPlan {
  const { pendingPlan, pendingBillingCycle, pendingChangeAt } = row;
  return {
    plan: row.plan,
    cycle: row.billingCycle,
    currentPeriodEnd: row.currentPeriodEnd,
    pending:
      pendingPlan && pendingPlan !== 'free' && pendingBillingCycle && pendingChangeAt
        ? { plan: pendingPlan, cycle: pendingBillingCycle, at: pendingChangeAt }
        : null,
  };
}

export type DecidedFields = SubscriptionFields &
  Pick<PlanColumns, 'pendingPlan' | 'pendingBillingCycle' | 'pendingChangeAt'>;

/**
 * What to store of PayPal's state of a subscription we hold, now on `atPayPal` (judged): its state,
 * at the price of the plan decidePlan grants, and the downgrade still waiting (or none).
 */
export function decidedFields(
  row: PlanColumns,
  paypal: PayPalSubscription,
  atPayPal: PaidChoice,
  now = new Date(),
): DecidedFields {
  const decision = decidePlan(storedPlanOf(row), atPayPal, now, lastPaymentOf(paypal));
  return {
    ...subscriptionFields(paypal, decision.plan, decision.cycle),
    pendingPlan: decision.pending?.plan ?? null,
    pendingBillingCycle: decision.pending?.cycle ?? null,
    pendingChangeAt: decision.pending?.at ?? null,
  };
}
