import { Alert } from '@mantine/core';
import { isPaidPlanId, PLANS, SUBSCRIBE_TEXTS } from '@fxrates/domain';
import { useLocation } from 'react-router';

/** The notice after checkout: /subscribe navigates here with { subscriptionSuccess, plan }. */
export function SubscriptionSuccessNotice() {
  const state = useLocation().state as { subscriptionSuccess?: unknown; plan?: unknown } | null;
  if (state?.subscriptionSuccess !== true || !isPaidPlanId(state.plan)) return null;
  return (
    <Alert color="green" variant="light" mb="lg" data-testid="subscription-success">
      {SUBSCRIBE_TEXTS.success(PLANS[state.plan].name)}
    </Alert>
  );
}
