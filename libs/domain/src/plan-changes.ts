import type { BillingCycle } from './api-types';
import type { SubscriptionView } from './billing-types';
import { PLAN_IDS, PLANS, type PlanId } from './plans';

/** A plan with the cycle it is billed on (a plan without a price has no cycle that matters). */
export interface PlanChoice {
  plan: PlanId;
  cycle: BillingCycle;
}

/**
 * What choosing `to` on `from` is: an upgrade applies as soon as PayPal confirms it; a downgrade at
 * the end of the period already paid for, so nobody loses a paid period by choosing another plan.
 */
export type PlanChangeDirection = 'upgrade' | 'downgrade' | 'same';

/**
 * Orders plans by what they give and what they commit to: the tier first, then, within a tier,
 * annual above monthly (a prepaid year is never cut short by a switch to monthly). Free is lowest.
 */
export function planRank({ plan, cycle }: PlanChoice): number {
  const tier = PLAN_IDS.indexOf(plan);
  return PLANS[plan].price === null ? tier * 2 : tier * 2 + (cycle === 'annual' ? 1 : 0);
}

export function planChangeDirection(from: PlanChoice, to: PlanChoice): PlanChangeDirection {
  const [was, will] = [planRank(from), planRank(to)];
  return will > was ? 'upgrade' : will < was ? 'downgrade' : 'same';
}

/**
 * When a change of plan takes effect. A higher tier applies now, once the prorated difference for the
 * rest of the paid period is captured; anything else (a lower tier, or the same tier on another
 * cycle) at the end of the period already paid for, when PayPal first bills the new price. So at
 * every moment the plan a user holds was paid for. Null when nothing changes.
 */
export type PlanChangeTiming = 'now' | 'period-end';

export function planChangeTiming(from: PlanChoice, to: PlanChoice): PlanChangeTiming | null {
  if (from.plan === to.plan && from.cycle === to.cycle) return null;
  return PLAN_IDS.indexOf(to.plan) > PLAN_IDS.indexOf(from.plan) ? 'now' : 'period-end';
}

/** Body of POST /api/v1/subscriptions/change. */
export interface PlanChangeRequest {
  plan: string;
  billingCycle: BillingCycle;
  /** Where PayPal sends the buyer back after approving (an origin of this web app). */
  returnUrl: string;
  /** Where PayPal sends the buyer back when they do not approve; defaults to returnUrl. */
  cancelUrl?: string;
}

/** Body of POST /api/v1/subscriptions/change/undo. */
export interface PlanChangeUndoRequest {
  returnUrl: string;
  cancelUrl?: string;
}

/** The one-time payment of an upgrade's prorated difference, waiting for the buyer at PayPal. */
export interface UpgradePayment {
  /** Our reference of the payment: PayPal's order carries it as custom_id and invoice_id. */
  id: string;
  /** Decimal string in major units, e.g. "42.17". */
  amount: string;
  currency: string;
}

/** Answer of POST /api/v1/subscriptions/change and /change/undo: approve at PayPal. */
export interface PlanChangeStarted {
  /** `undo`: back to the plan paid for now, cancelling the pending downgrade. */
  direction: 'upgrade' | 'downgrade' | 'undo';
  /**
   * PayPal's page where the buyer approves: for an upgrade, the payment of its prorated difference
   * (then POST /api/v1/subscriptions/change/pay); otherwise the revised subscription (links rel=approve).
   */
  approveUrl: string;
  /** An upgrade's payment, taken before the upgrade applies; absent for other changes. */
  payment?: UpgradePayment;
}

/** Body of POST /api/v1/subscriptions/change/pay: the buyer approved the upgrade's payment at PayPal. */
export interface PlanChangePayRequest {
  paymentId: string;
  returnUrl: string;
  cancelUrl?: string;
}

/** Answer of POST /api/v1/subscriptions/change/pay: the upgrade is paid and applies now. */
export interface PlanChangePaid {
  success: true;
  subscription: SubscriptionView;
  /**
   * PayPal's page where the buyer approves the new recurring price from the next billing date (a
   * revision of the subscription); null when PayPal could not start it now (the account page offers
   * to keep the plan after the paid period instead).
   */
  approveUrl: string | null;
}

/** What a plan or cycle would cost the user today and from when, shown before they approve anything. */
export interface PlanQuote {
  plan: PlanId;
  billingCycle: BillingCycle;
  /** Against the plan held now; `same` is the current plan. */
  direction: PlanChangeDirection;
  /**
   * `now`: applies at once for `chargeToday`; `period-end`: applies when the paid period ends, at no
   * charge today; null for the current plan.
   */
  timing: PlanChangeTiming | null;
  /** Decimal string in major units charged today, "0.00" when nothing is. */
  chargeToday: string;
  currency: string;
  /** ISO 8601 instant the plan applies from; null for the current plan. */
  effectiveAt: string | null;
  /** The recurring price PayPal bills from `recurringFrom` on, e.g. "99.99". */
  recurringAmount: string;
  /** ISO 8601 instant of the first recurring payment at that price; null when it is today. */
  recurringFrom: string | null;
}

/** Response of GET /api/v1/subscriptions/quotes: every paid plan and cycle, priced for this user now. */
export interface PlanQuotesResponse {
  plan: PlanId;
  billingCycle: BillingCycle;
  /** The subscription's status (`none` without one): active, cancelled, … */
  status: string;
  /** ISO 8601 instant until which the held plan is paid for; null when nothing is. */
  paidUntil: string | null;
  quotes: PlanQuote[];
}
