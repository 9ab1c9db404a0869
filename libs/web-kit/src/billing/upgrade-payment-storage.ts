import { isPaidPlanId, type BillingCycle, type PaidPlanId } from '@fxrates/domain';

/**
 * An upgrade's payment waiting at PayPal's checkout. PayPal's return link carries only its own order
 * token, and POST /api/v1/subscriptions/change/pay takes our payment id, so the tab keeps it from the
 * start of the checkout to the return (sessionStorage: this tab only, gone when it closes).
 */
export interface PendingUpgradePayment {
  paymentId: string;
  /** PayPal's checkout page of the payment: where "Try again" sends a buyer whose card was declined. */
  approveUrl: string;
  plan: PaidPlanId;
  billingCycle: BillingCycle;
}

export const UPGRADE_PAYMENT_KEY = 'fxrates.upgrade-payment';

/** The stored payment, or null when the text is missing or not one. */
export function parsePendingUpgradePayment(text: string | null): PendingUpgradePayment | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { paymentId, approveUrl, plan, billingCycle } = value as Record<string, unknown>;
  if (typeof paymentId !== 'string' || !paymentId || typeof approveUrl !== 'string') return null;
  if (typeof plan !== 'string' || !isPaidPlanId(plan)) return null;
  if (billingCycle !== 'monthly' && billingCycle !== 'annual') return null;
  return { paymentId, approveUrl, plan, billingCycle };
}

export function rememberUpgradePayment(
  payment: PendingUpgradePayment,
  storage: Storage = sessionStorage,
): void {
  storage.setItem(UPGRADE_PAYMENT_KEY, JSON.stringify(payment));
}

export function recallUpgradePayment(storage: Storage = sessionStorage): PendingUpgradePayment | null {
  return parsePendingUpgradePayment(storage.getItem(UPGRADE_PAYMENT_KEY));
}

export function forgetUpgradePayment(storage: Storage = sessionStorage): void {
  storage.removeItem(UPGRADE_PAYMENT_KEY);
}
