import { Alert } from '@mantine/core';
import { isPaidPlanId, PLANS, SUBSCRIBE_TEXTS } from '@fxrates/domain';
import { formatLongDate } from '@fxrates/web-kit';
import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The notice after checkout: /subscribe navigates here with { subscriptionSuccess, plan }, and
 * `startsAt` when the subscription starts once the time already paid for ends.
 */
export function SubscriptionSuccessNotice() {
  const state = useLocation().state as {
    subscriptionSuccess?: unknown;
    plan?: unknown;
    startsAt?: unknown;
  } | null;
  const [closed, setClosed] = useState(false);
  if (closed || state?.subscriptionSuccess !== true || !isPaidPlanId(state.plan)) return null;
  const name = PLANS[state.plan].name;
  return (
    <Alert
      color="green"
      variant="light"
      mb="lg"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setClosed(true)}
      data-testid="subscription-success"
    >
      {typeof state.startsAt === 'string'
        ? `Your ${name} subscription starts on ${formatLongDate(state.startsAt)}, when the time you paid for ends; nothing was charged today.`
        : SUBSCRIBE_TEXTS.success(name)}
    </Alert>
  );
}
