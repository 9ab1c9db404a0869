import type { PlanQuotesResponse } from '@fxrates/domain';
import { useSignedInResource, type ResourceState } from './use-signed-in-resource';

export type PlanQuotesState = ResourceState<PlanQuotesResponse>;

/**
 * GET /api/v1/subscriptions/quotes: what every paid plan and cycle would cost the signed-in user
 * today and from when, shown before they approve anything at PayPal. Asked only while `enabled`
 * (pages ask for users on a paid plan: a free user's price is the price list's).
 */
export function usePlanQuotes(enabled = true): { state: PlanQuotesState; retry: () => void } {
  return useSignedInResource<PlanQuotesResponse>('/v1/subscriptions/quotes', 'the plan quotes', enabled);
}
