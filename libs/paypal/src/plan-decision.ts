import { planChangeDirection, type BillingCycle, type PaidPlanId, type PlanId } from '@fxrates/domain';
import type { PayPalSubscription } from './paypal-subscription';
import { subscriptionFields, type SubscriptionFields } from './subscription-fields';

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

/**
 * What a subscription grants once PayPal says it is now on `atPayPal` (its plan_id, judged by
 * judgeSubscription). PayPal bills a revised plan from the next cycle on, so:
 * - a dearer plan (an upgrade) applies at once, and any waiting downgrade is dropped;
 * - the plan we hold (a downgrade undone, or nothing new) leaves it as it is, nothing waiting;
 * - a cheaper plan (a downgrade) waits until the end of the period paid at the dearer price (the
 *   period end we held when PayPal's plan first became the cheaper one), then applies.
 * The one rule the API's confirmation and the worker's sync both apply; pure, so it is idempotent.
 */
export function decidePlan(stored: StoredPlan, atPayPal: PaidChoice, now: Date): PlanDecision {
  const direction = planChangeDirection(stored, atPayPal);
  if (direction === 'upgrade') return { ...atPayPal, pending: null };
  // Not an upgrade: the stored plan ranks at least as high as a paid one, so it is paid too.
  const kept = { plan: stored.plan as PaidPlanId, cycle: stored.cycle };
  if (direction === 'same') return { ...kept, pending: null };
  const at = stored.pending?.at ?? stored.currentPeriodEnd;
  if (!at || at.getTime() <= now.getTime()) return { ...atPayPal, pending: null };
  return { ...kept, pending: { ...atPayPal, at } };
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
  const decision = decidePlan(storedPlanOf(row), atPayPal, now);
  return {
    ...subscriptionFields(paypal, decision.plan, decision.cycle),
    pendingPlan: decision.pending?.plan ?? null,
    pendingBillingCycle: decision.pending?.cycle ?? null,
    pendingChangeAt: decision.pending?.at ?? null,
  };
}
