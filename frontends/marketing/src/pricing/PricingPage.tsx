import { Button, Group } from '@mantine/core';
import { PageSection } from '@fxrates/web-kit';
import { Link } from 'react-router';

/** /pricing — plans and the billing switch arrive with the pricing feature. */
export function PricingPage() {
  return (
    <PageSection
      title="Pricing"
      description="Simple plans that grow with your traffic, from a free tier for prototypes to enterprise volumes."
    >
      <Group>
        <Button component={Link} to="/contact" variant="light">
          Talk to us
        </Button>
      </Group>
    </PageSection>
  );
}
