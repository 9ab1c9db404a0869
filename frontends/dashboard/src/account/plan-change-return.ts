import { ErrorCode, PLANS, type PaidPlanId, type SubscriptionView } from '@fxrates/domain';
import { formatLongDate, humanize } from './account-view';

/** What the confirmed change did: a plan now, or a plan from the end of the paid period. */
export function confirmationMessage(subscription: SubscriptionView, timeZone?: string): string {
  const pending = subscription.pendingChange;
  if (pending) {
    return `Your change to ${PLANS[pending.plan].name} (${humanize(pending.billingCycle)}) is scheduled for ${formatLongDate(pending.effectiveAt, timeZone)}.`;
  }
  return `You are on ${PLANS[subscription.plan].name} (${humanize(subscription.billingCycle)}).`;
}

/** The server captured the upgrade's payment: the plan applies now, the new price waits for approval. */
export function paymentCapturedMessage(subscription: SubscriptionView): string {
  return `Payment received: you are on ${PLANS[subscription.plan].name} (${humanize(subscription.billingCycle)}) now. Taking you to PayPal to approve your new recurring price…`;
}

export const PAYMENT_RETURN_TEXTS = {
  cancelled: 'You cancelled the payment at PayPal: nothing was charged and your plan is unchanged.',
  /** This tab no longer holds the payment id (another tab, or storage cleared): nothing is captured. */
  unknownPayment:
    'We could not tell which payment you approved at PayPal, so nothing was charged and your plan is unchanged. Choose the plan again on the pricing page.',
  failed: 'Your payment could not be completed. Please try again.',
} as const;

/**
 * What the page offers after POST /api/v1/subscriptions/change/pay failed with `code`:
 * - `checkout-again`: PayPal declined the card; the same checkout page takes another card.
 * - `capture-again`: PayPal could not be reached; asking the server again may succeed.
 * - `quote-again`: the price changed; the subscribe page shows today's.
 * - `none`: the answer is final (not approved, already captured, unknown, mismatched).
 */
export type PaymentRecovery = 'checkout-again' | 'capture-again' | 'quote-again' | 'none';

export function paymentRecovery(code: string | undefined, status: number): PaymentRecovery {
  switch (code) {
    case ErrorCode.PaymentDeclined:
      return 'checkout-again';
    case ErrorCode.QuoteExpired:
      return 'quote-again';
    case ErrorCode.PaymentProviderUnavailable:
      return 'capture-again';
    case ErrorCode.PaymentNotApproved:
    case ErrorCode.PaymentAlreadyCaptured:
    case ErrorCode.PaymentNotFound:
    case ErrorCode.PaymentMismatch:
      return 'none';
    default:
      // No answer, a timeout or a server failure: the capture may be asked for again.
      return status === 0 || status >= 500 ? 'capture-again' : 'none';
  }
}

/** Where "See today's price" leads after an expired quote: the subscribe page, same plan and cycle. */
export function quoteAgainState(plan: PaidPlanId, billingCycle: string): { plan: string; isAnnual: boolean } {
  return { plan, isAnnual: billingCycle === 'annual' };
}
