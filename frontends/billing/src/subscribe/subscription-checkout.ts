import {
  formatMinorUnits,
  isPaidPlanId,
  PLAN_PRICES_MINOR,
  type BillingCycle,
  type BillingPlansResponse,
  type CreateSubscriptionRequest,
  type PaidPlanId,
} from '@fxrates/domain';

export interface Checkout {
  plan: PaidPlanId;
  cycle: BillingCycle;
  /** e.g. "167.88" (USD). */
  amount: string;
}

/** The plan and cycle to buy: the chosen paid plan (default basic) and the annual flag. */
export function checkoutOf(selection: { plan: string; isAnnual: boolean } | null): Checkout {
  const plan = selection && isPaidPlanId(selection.plan) ? selection.plan : 'basic';
  const cycle: BillingCycle = selection?.isAnnual ? 'annual' : 'monthly';
  return { plan, cycle, amount: formatMinorUnits(PLAN_PRICES_MINOR[plan][cycle]) };
}

/** The PayPal plan id of the checkout, or null when the server has none configured. */
export function paypalPlanIdOf(plans: BillingPlansResponse, checkout: Checkout): string | null {
  return plans.plans.find((plan) => plan.id === checkout.plan)?.paypalPlanIds[checkout.cycle] ?? null;
}

/**
 * What the PayPal button creates: our plan, the user as custom_id, no shipping. With
 * `startTime` (the end of a cancelled subscription's paid time) PayPal bills nothing before then.
 */
export function subscriptionOptions(
  paypalPlanId: string,
  userId: string,
  origin: string,
  startTime: string | null = null,
) {
  return {
    plan_id: paypalPlanId,
    custom_id: userId,
    ...(startTime ? { start_time: startTime } : {}),
    application_context: {
      shipping_preference: 'NO_SHIPPING' as const,
      return_url: `${origin}/dashboard`,
      cancel_url: `${origin}/subscribe`,
    },
  };
}

/** The spec's subscription record; the server trusts only the id, plan and cycle. */
export function subscriptionRecord(
  checkout: Checkout,
  userId: string,
  paypalSubscriptionId: string,
): CreateSubscriptionRequest {
  return {
    userId,
    paymentId: paypalSubscriptionId,
    plan: checkout.plan,
    billingCycle: checkout.cycle,
    amount: Number(checkout.amount),
    paypalSubscriptionId,
    status: 'ACTIVE',
  };
}
