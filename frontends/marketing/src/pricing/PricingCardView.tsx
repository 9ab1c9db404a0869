import { Badge, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import {
  ANNUAL_PER_MONTH_DISPLAY_MINOR,
  formatMinorUnits,
  isPaidPlanId,
  PLAN_PRICES_MINOR,
  PRICING_TEXTS,
  type PricingCard,
} from '@fxrates/domain';
import type { QuotedCardAction } from './pricing-card-action';
import type { PricingDestination } from './pricing-destination';

function priceLine(card: PricingCard, isAnnual: boolean): { price: string; note: string } {
  // Free costs $0 and the quote card is RFQ on either cycle (its "-" read as no price at all).
  if (!isPaidPlanId(card.id)) return { price: card.id === 'rfq' ? PRICING_TEXTS.rfqPrice : '$0', note: '' };
  if (!isAnnual) return { price: `$${formatMinorUnits(PLAN_PRICES_MINOR[card.id].monthly)}`, note: '/month' };
  return {
    price: `$${formatMinorUnits(ANNUAL_PER_MONTH_DISPLAY_MINOR[card.id])}`,
    note: `/month, billed annually ($${formatMinorUnits(PLAN_PRICES_MINOR[card.id].annual)} per year)`,
  };
}

/**
 * One plan: name, price for the chosen cycle, what it includes and its button; the current tier on
 * its other cycle also has a button that switches the cycle.
 */
export function PricingCardView({
  card,
  isAnnual,
  action,
  onNavigate,
}: {
  card: PricingCard;
  isAnnual: boolean;
  action: QuotedCardAction;
  onNavigate: (destination: PricingDestination) => void;
}) {
  const { switchCycle } = action;
  // A quoted label ("Downgrade on Dec 12, 2026 — $0.00 today") wraps inside a narrow card.
  const wrapping = { h: 'auto', mih: 36, py: 6, styles: { label: { whiteSpace: 'normal' as const } } };
  const { price, note } = priceLine(card, isAnnual);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      shadow={card.mostPopular ? 'md' : 'xs'}
      data-testid={`pricing-card-${card.id}`}
      style={card.mostPopular ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="sm" h="100%">
        {/* The badge sits above the name: beside it, five cards at 1280 px cut it to "MOST…". */}
        {card.mostPopular && (
          <Badge variant="filled" style={{ alignSelf: 'flex-start' }}>
            {PRICING_TEXTS.mostPopular}
          </Badge>
        )}
        <Title order={2} fz="h4">
          {card.name}
        </Title>
        <div>
          <Text fz={32} fw={700} lh={1.1} data-testid="pricing-price">
            {price}
          </Text>
          <Text size="sm" c="dimmed" data-testid="pricing-note">
            {note}
          </Text>
        </div>
        <List size="sm" spacing={4} style={{ flexGrow: 1 }}>
          {card.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button
          variant={card.mostPopular ? 'filled' : 'light'}
          fullWidth
          disabled={action.disabled}
          onClick={() => onNavigate(action)}
          {...(action.label.length > 16 ? wrapping : {})}
        >
          {action.label}
        </Button>
        {switchCycle && (
          <Button
            variant="subtle"
            size="compact-sm"
            fullWidth
            disabled={switchCycle.disabled}
            onClick={() => onNavigate(switchCycle)}
            data-testid="pricing-switch-cycle"
            {...wrapping}
          >
            {switchCycle.label}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
