import { PLANS, type PlanChangeUndoRequest, type SubscriptionView } from '@fxrates/domain';
import { formatLongDate, humanize } from './account-view';

/** The query PayPal's return link carries back to /account once the buyer approved a revision. */
export const APPROVED_QUERY = 'plan-change';

/** Where PayPal sends the buyer after the approval page: back to /account, which confirms the change. */
export function planChangeUrls(origin: string): Required<PlanChangeUndoRequest> {
  return { returnUrl: `${origin}/account?${APPROVED_QUERY}=approved`, cancelUrl: `${origin}/account` };
}

/** Whether this visit of /account is PayPal sending the buyer back after approving. */
export function isApprovalReturn(search: string): boolean {
  return new URLSearchParams(search).get(APPROVED_QUERY) === 'approved';
}

/** What the confirmed change did: a plan now, or a plan from the end of the paid period. */
export function confirmationMessage(subscription: SubscriptionView, timeZone?: string): string {
  const pending = subscription.pendingChange;
  if (pending) {
    return `Your change to ${PLANS[pending.plan].name} (${humanize(pending.billingCycle)}) is scheduled for ${formatLongDate(pending.effectiveAt, timeZone)}.`;
  }
  return `You are on ${PLANS[subscription.plan].name} (${humanize(subscription.billingCycle)}).`;
}
