import type { Subscription } from '@fxrates/db';
import type { PlanId } from '@fxrates/domain';

/**
 * The plan a subscription pays for at `now`: its plan while PayPal has it active or it is paid up to
 * its period end, free once that is over or once its latest payment was refunded or reversed.
 */
export function planPaidBy(subscription: Subscription, now: number): PlanId {
  if (subscription.paymentRevoked()) return 'free';
  const paidUntil = subscription.currentPeriodEnd?.getTime() ?? 0;
  return subscription.status === 'active' || paidUntil > now ? subscription.plan : 'free';
}
