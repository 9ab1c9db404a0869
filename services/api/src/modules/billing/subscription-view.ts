import type { Subscription } from '@fxrates/db';
import { formatMinorUnits, type SubscriptionView } from '@fxrates/domain';

/** A stored subscription as the API shows it. */
export function viewOf(subscription: Subscription): SubscriptionView {
  return {
    id: subscription.id,
    plan: subscription.plan,
    billingCycle: subscription.billingCycle,
    status: subscription.status,
    paypalSubscriptionId: subscription.paypalSubscriptionId ?? '',
    amount: formatMinorUnits(subscription.amountMinor),
    currency: subscription.currency,
    startDate: subscription.startDate?.toISOString() ?? null,
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    lastPaymentAt: subscription.lastPaymentAt?.toISOString() ?? null,
    pendingChange: subscription.pendingChange(),
  };
}
