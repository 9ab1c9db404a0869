import { Group, SimpleGrid, Switch, Text } from '@mantine/core';
import { PRICING_CARDS, PRICING_TEXTS } from '@fxrates/domain';
import { PageSection, useAccount, useAuth, usePlanQuotes } from '@fxrates/web-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PricingCardView } from './PricingCardView';
import { pricingCardAction, type QuotedCardAction } from './pricing-card-action';
import { cardAction, type PricingDestination } from './pricing-destination';

const SWITCH_ID = 'billing-cycle-switch';

/**
 * /pricing: the billing switch and the five plan cards. A user on a paid plan
 * finds the switch on their own cycle, their plan marked on both cycles and the others as upgrades or
 * downgrades with what each costs today (the server's quotes); visitors and free users see the spec's
 * page.
 */
export function PricingPage() {
  const { user } = useAuth();
  const { state: account } = useAccount();
  const viewer = user && account.status === 'ready' ? account.account : null;
  const subscriber = viewer && viewer.plan !== 'free' ? viewer : null;
  const { state: quotes } = usePlanQuotes(subscriber !== null);
  // The subscriber's own cycle until they flip the switch.
  const [chosenAnnual, setAnnual] = useState<boolean | null>(null);
  const isAnnual = chosenAnnual ?? subscriber?.billingCycle === 'annual';
  const navigate = useNavigate();
  const go = (destination: PricingDestination) =>
    void navigate(destination.to, destination.state ? { state: destination.state } : undefined);

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
          const action: QuotedCardAction =
            subscriber && quotes.status === 'ready'
              ? pricingCardAction(quotes.data, card, isAnnual, subscriber.pendingChange)
              : cardAction(card, Boolean(user), isAnnual, viewer);
          return (
            <PricingCardView key={card.id} card={card} isAnnual={isAnnual} action={action} onNavigate={go} />
          );
        })}
      </SimpleGrid>
    </PageSection>
  );
}
