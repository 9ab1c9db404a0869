import type { BillingCycle, PlanId } from './api-types';

/** Plans sold through PayPal (free needs no payment). */
export type PaidPlanId = Exclude<PlanId, 'free'>;
export const PAID_PLAN_IDS: readonly PaidPlanId[] = ['basic', 'professional', 'enterprise'];
export const BILLING_CYCLES: readonly BillingCycle[] = ['monthly', 'annual'];
export const BILLING_CURRENCY = 'USD';

/** What each plan and cycle charges, in US cents (spec §3; the annual figure is the yearly total). */
export const PLAN_PRICES_MINOR: Readonly<Record<PaidPlanId, Readonly<Record<BillingCycle, number>>>> = {
  basic: { monthly: 1599, annual: 16788 },
  professional: { monthly: 5999, annual: 63588 },
  enterprise: { monthly: 9999, annual: 101988 },
};

/** "Per month billed annually" on the pricing cards (spec §9); displayed only, never charged. */
export const ANNUAL_PER_MONTH_DISPLAY_MINOR: Readonly<Record<PaidPlanId, number>> = {
  basic: 1399,
  professional: 5299,
  enterprise: 8499,
};

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return typeof value === 'string' && (PAID_PLAN_IDS as readonly string[]).includes(value);
}

export function isBillingCycle(value: unknown): value is BillingCycle {
  return typeof value === 'string' && (BILLING_CYCLES as readonly string[]).includes(value);
}

/**
 * The price of a plan and cycle in cents. An unknown plan (free included) costs 0 and is reported
 * through `onUnknownPlan` (spec §3: "an unknown plan gives a price of 0 and logs an error").
 */
export function planPriceMinor(
  plan: string,
  cycle: BillingCycle,
  onUnknownPlan: (message: string) => void = () => undefined,
): number {
  if (!isPaidPlanId(plan)) {
    if (plan !== 'free') onUnknownPlan(`No price for unknown plan "${plan}"`);
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
