import type { BillingCycle, PlanId } from './api-types';

/** A plan with the cycle it is billed on (free has no cycle that matters). */
export interface PlanChoice {
  plan: PlanId;
  cycle: BillingCycle;
}

/**
 * What choosing `to` on `from` is: an upgrade applies as soon as PayPal confirms it; a downgrade at
 * the end of the period already paid for, so nobody loses a paid period by choosing another plan.
 */
export type PlanChangeDirection = 'upgrade' | 'downgrade' | 'same';

const TIERS: readonly PlanId[] = ['free', 'basic', 'professional', 'enterprise'];

/**
 * Orders plans by what they give and what they commit to: the tier first, then, within a tier,
 * annual above monthly (a prepaid year is never cut short by a switch to monthly). Free is lowest.
 */
export function planRank({ plan, cycle }: PlanChoice): number {
  const tier = TIERS.indexOf(plan);
  return plan === 'free' ? 0 : tier * 2 + (cycle === 'annual' ? 1 : 0);
}

export function planChangeDirection(from: PlanChoice, to: PlanChoice): PlanChangeDirection {
  const [was, will] = [planRank(from), planRank(to)];
  return will > was ? 'upgrade' : will < was ? 'downgrade' : 'same';
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

/** Answer of POST /api/v1/subscriptions/change and /change/undo: approve the revision at PayPal. */
export interface PlanChangeStarted {
  /** `undo`: back to the plan paid for now, cancelling the pending downgrade. */
  direction: 'upgrade' | 'downgrade' | 'undo';
  /** PayPal's page where the buyer approves the revised subscription (links rel=approve). */
  approveUrl: string;
}
