import type { PlanChangeUndoRequest } from '@fxrates/domain';

/** The query PayPal's return links carry back to /account after a plan change at PayPal. */
export const PLAN_CHANGE_QUERY = 'plan-change';

/** What PayPal sends the buyer back to /account after. */
export type PlanChangeReturn = 'approved' | 'paid' | 'payment-cancelled';

/** Which return this visit of /account is, if any. */
export function planChangeReturnOf(search: string): PlanChangeReturn | null {
  const value = new URLSearchParams(search).get(PLAN_CHANGE_QUERY);
  return value === 'approved' || value === 'paid' || value === 'payment-cancelled' ? value : null;
}

/**
 * After approving a revised subscription (a downgrade, a cycle switch, an undo, or the new price of a
 * paid upgrade): back to /account, which confirms the change.
 */
export function revisionReturnUrls(origin: string): Required<PlanChangeUndoRequest> {
  return {
    returnUrl: `${origin}/account?${PLAN_CHANGE_QUERY}=approved`,
    cancelUrl: `${origin}/account`,
  };
}

/**
 * After PayPal's checkout of an upgrade's one-time payment: back to /account, which has the server
 * capture it (paid), or says that nothing was charged (payment-cancelled).
 */
export function paymentReturnUrls(origin: string): Required<PlanChangeUndoRequest> {
  return {
    returnUrl: `${origin}/account?${PLAN_CHANGE_QUERY}=paid`,
    cancelUrl: `${origin}/account?${PLAN_CHANGE_QUERY}=payment-cancelled`,
  };
}
