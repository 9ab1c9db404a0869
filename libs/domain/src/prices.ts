import type { BillingCycle } from './api-types';
import { PLAN_IDS, PLANS, type PaidPlanId, type PlanId } from './plans';

export type { PaidPlanId } from './plans';

function isPaid(plan: PlanId): plan is PaidPlanId {
  return PLANS[plan].price !== null;
}

/** Plans sold through PayPal (a plan without a price needs no payment), cheapest first. */
export const PAID_PLAN_IDS: readonly PaidPlanId[] = PLAN_IDS.filter(isPaid);
export const BILLING_CYCLES: readonly BillingCycle[] = ['monthly', 'annual'];
export const BILLING_CURRENCY = 'USD';

/** What each plan and cycle charges, in US cents (the annual figure is the yearly total). */
export const PLAN_PRICES_MINOR: Readonly<Record<PaidPlanId, Readonly<Record<BillingCycle, number>>>> =
  Object.fromEntries(
    PAID_PLAN_IDS.map((id) => {
      const { monthly, annual } = PLANS[id].price;
      return [id, { monthly, annual }];
    }),
  ) as Record<PaidPlanId, Record<BillingCycle, number>>;

/** "Per month billed annually" on the pricing cards; displayed only, never charged. */
export const ANNUAL_PER_MONTH_DISPLAY_MINOR: Readonly<Record<PaidPlanId, number>> = Object.fromEntries(
  PAID_PLAN_IDS.map((id) => [id, PLANS[id].price.annualPerMonthDisplay]),
) as Record<PaidPlanId, number>;

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return typeof value === 'string' && (PAID_PLAN_IDS as readonly string[]).includes(value);
}

export function isBillingCycle(value: unknown): value is BillingCycle {
  return typeof value === 'string' && (BILLING_CYCLES as readonly string[]).includes(value);
}

/**
 * The price of a plan and cycle in cents. A plan without a price (free) or an unknown one costs 0; an
 * unknown one is reported through `onUnknownPlan` ("an unknown plan gives a price of 0 and
 * logs an error").
 */
export function planPriceMinor(
  plan: string,
  cycle: BillingCycle,
  onUnknownPlan: (message: string) => void = () => undefined,
): number {
  if (!isPaidPlanId(plan)) {
    if (!(PLAN_IDS as readonly string[]).includes(plan)) onUnknownPlan(`No price for unknown plan "${plan}"`);
    return 0;
  }
  return PLAN_PRICES_MINOR[plan][cycle];
}

/** Cents as a decimal string in major units: 16788 → "167.88". */
export function formatMinorUnits(amountMinor: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const cents = Math.abs(Math.trunc(amountMinor));
  return `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
