import { Text } from '@mantine/core';
import { PageSection } from '@fxrates/web-kit';

/** /subscribe — plan summary and the payment button arrive with the billing feature. */
export function SubscribePage() {
  return (
    <PageSection
      title="Complete Subscription"
      size="sm"
      description="Review your plan and confirm your payment."
    >
      <Text c="dimmed">Choose a plan on the pricing page to continue.</Text>
    </PageSection>
  );
}
