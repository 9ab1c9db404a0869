import type { PayPalSubscription } from './paypal-subscription';
import type { PlanColumns } from './plan-decision';

/** How much earlier than the paid period's end a follow-on subscription may start (clocks, rounding). */
const START_TOLERANCE_MS = 5 * 60 * 1000;

/** The previous subscription as the rule reads it. */
export interface PreviousSubscription extends Pick<PlanColumns, 'plan' | 'currentPeriodEnd'> {
  paypalSubscriptionId: string | null;
  status: string;
  paymentRevoked(): boolean;
}

/** The statuses in which a subscription bills (or will again): one such per user at most. */
export const LIVE_STATUSES = ['active', 'suspended'];

/**
 * The end of the paid time a new subscription would overlap: the user's previous subscription no
 * longer bills (cancelled) but is paid until a later date, and PayPal starts billing the new one
 * before then. Null when there is no overlap. The one rule the API's subscribe call and the worker's
 * sync of a subscription the browser never reported both apply: no paid period is lost or paid twice.
 */
export function overlappedPaidTime(
  previous: PreviousSubscription | null,
  next: PayPalSubscription,
  now = new Date(),
): Date | null {
  const paidUntil = previous?.currentPeriodEnd;
  if (!previous || previous.paypalSubscriptionId === next.id || !paidUntil || previous.paymentRevoked()) {
    return null;
  }
  if (LIVE_STATUSES.includes(previous.status) || paidUntil.getTime() <= now.getTime()) return null;
  const starts = Date.parse(next.start_time ?? '');
  return starts >= paidUntil.getTime() - START_TOLERANCE_MS ? null : paidUntil;
}
