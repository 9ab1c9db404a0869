import type { Subscription } from '@fxrates/db';
import type { PlanId } from '@fxrates/domain';

/**
 * The plan a subscription pays for at `now`: its plan while PayPal has it active or it is paid up to
 * its period end, free once that is over, once its latest payment was refunded or reversed, or while
 * one bought to start later has not had its first payment.
 */
export function planPaidBy(subscription: Subscription, now: number): PlanId {
  if (subscription.paymentRevoked()) return 'free';
  if (awaitsFirstPayment(subscription)) return 'free';
  const paidUntil = subscription.currentPeriodEnd?.getTime() ?? 0;
  return subscription.status === 'active' || paidUntil > now ? subscription.plan : 'free';
}

/** A day of slack between PayPal's start_time and the first payment it takes then. */
const FIRST_PAYMENT_SLACK_MS = 24 * 3600 * 1000;

/**
 * A subscription bought to start when earlier paid time ends (its start well after its creation)
 * pays for nothing until PayPal has taken its first payment at that start, whatever its status.
 */
function awaitsFirstPayment(subscription: Subscription): boolean {
  const starts = subscription.startDate?.getTime();
  if (starts === undefined || starts <= subscription.createdAt.getTime() + FIRST_PAYMENT_SLACK_MS)
    return false;
  const paid = subscription.lastPaymentAt?.getTime();
  return paid === undefined || paid < starts - FIRST_PAYMENT_SLACK_MS;
}
