import { Group, SimpleGrid, Switch, Text } from '@mantine/core';
import { PRICING_CARDS, PRICING_TEXTS } from '@fxrates/domain';
import { PageSection, useAuth } from '@fxrates/web-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PricingCardView } from './PricingCardView';
import { pricingDestination } from './pricing-destination';

/** /pricing (spec §2 Pricing, §9): the billing switch and the five plan cards. */
export function PricingPage() {
  const [isAnnual, setAnnual] = useState(false);
  const { user } = useAuth();
  const navigate = useNavigate();

  return (
    <PageSection
      title="Pricing"
      description="Simple plans that grow with your traffic, from a free tier for prototypes to enterprise volumes."
    >
      <Group justify="center" gap="sm" mb="lg">
        <Text fw={isAnnual ? 400 : 600}>{PRICING_TEXTS.monthlyBilling}</Text>
        <Switch
          size="md"
          checked={isAnnual}
          onChange={(event) => setAnnual(event.currentTarget.checked)}
          aria-label={PRICING_TEXTS.annualBilling}
          data-testid="billing-switch"
        />
        <Text fw={isAnnual ? 600 : 400}>{PRICING_TEXTS.annualBilling}</Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
        {PRICING_CARDS.map((card) => (
          <PricingCardView
            key={card.id}
            card={card}
            isAnnual={isAnnual}
            onChoose={() => {
              const { to, state } = pricingDestination(card, Boolean(user), isAnnual);
              void navigate(to, state ? { state } : undefined);
            }}
          />
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
