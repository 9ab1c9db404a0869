import { Group, SimpleGrid, Switch, Text } from '@mantine/core';
import { PRICING_CARDS, PRICING_TEXTS } from '@fxrates/domain';
import { PageSection, useAccount, useAuth } from '@fxrates/web-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PricingCardView } from './PricingCardView';
import { cardAction } from './pricing-destination';

const SWITCH_ID = 'billing-cycle-switch';

/**
 * /pricing (spec §2 Pricing, §9): the billing switch and the five plan cards; a signed-in user sees
 * their plan marked and the others as upgrades or downgrades.
 */
export function PricingPage() {
  const [isAnnual, setAnnual] = useState(false);
  const { user } = useAuth();
  const { state: account } = useAccount();
  const viewer = user && account.status === 'ready' ? account.account : null;
  const navigate = useNavigate();

  return (
    <PageSection
      title="Pricing"
      description="Simple plans that grow with your traffic, from a free tier for prototypes to enterprise volumes."
    >
      <Group justify="center" gap="sm" mb="lg">
        {/* Both texts label the switch: clicking either toggles it. */}
        <Text component="label" htmlFor={SWITCH_ID} fw={isAnnual ? 400 : 600} style={{ cursor: 'pointer' }}>
          {PRICING_TEXTS.monthlyBilling}
        </Text>
        <Switch
          id={SWITCH_ID}
          size="md"
          checked={isAnnual}
          onChange={(event) => setAnnual(event.currentTarget.checked)}
          aria-label={PRICING_TEXTS.annualBilling}
          data-testid="billing-switch"
        />
        <Text component="label" htmlFor={SWITCH_ID} fw={isAnnual ? 600 : 400} style={{ cursor: 'pointer' }}>
          {PRICING_TEXTS.annualBilling}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
        {PRICING_CARDS.map((card) => {
          const action = cardAction(card, Boolean(user), isAnnual, viewer);
          return (
            <PricingCardView
              key={card.id}
              card={card}
              isAnnual={isAnnual}
              action={action}
              onChoose={() => void navigate(action.to, action.state ? { state: action.state } : undefined)}
            />
          );
        })}
      </SimpleGrid>
    </PageSection>
  );
}
