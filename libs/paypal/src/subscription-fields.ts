import { BILLING_CURRENCY, planPriceMinor, type BillingCycle, type PaidPlanId } from '@fxrates/domain';
import type { PayPalSubscription } from './paypal-subscription';

/** The status we store for a subscription that pays for none of our plans at our price (judgeSubscription). */
export const REFUSED_STATUS = 'refused';

/** What we store of a PayPal subscription: its state from PayPal, its price from our table. */
export interface SubscriptionFields {
  plan: PaidPlanId;
  billingCycle: BillingCycle;
  /** PayPal's status in lower case: active, suspended, cancelled, expired (or REFUSED_STATUS, ours). */
  status: string;
  amountMinor: number;
  currency: string;
  startDate: Date | null;
  currentPeriodEnd: Date | null;
  lastPaymentAt: Date | null;
  /** PayPal's update_time: a state older than the stored one is never applied. */
  paypalUpdatedAt: Date | null;
}

const dateOrNull = (value: string | undefined) => (value ? new Date(value) : null);

/** When PayPal last changed the subscription: what orders the states we are told of. */
export function paypalUpdatedAt(paypal: PayPalSubscription): Date | null {
  return dateOrNull(paypal.update_time ?? paypal.status_update_time);
}

export function subscriptionFields(
  paypal: PayPalSubscription,
  plan: PaidPlanId,
  cycle: BillingCycle,
): SubscriptionFields {
  return {
    plan,
    billingCycle: cycle,
    status: String(paypal.status ?? 'unknown').toLowerCase(),
    amountMinor: planPriceMinor(plan, cycle),
    currency: BILLING_CURRENCY,
    startDate: dateOrNull(paypal.start_time),
    currentPeriodEnd: dateOrNull(paypal.billing_info?.next_billing_time),
    lastPaymentAt: dateOrNull(paypal.billing_info?.last_payment?.time),
    paypalUpdatedAt: paypalUpdatedAt(paypal),
  };
}
