import { Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { CONTENT_WIDTH } from '@fxrates/web-kit';
import { CoinsIcon, GlobeIcon, PulseIcon } from './feature-icons';
import classes from './home.module.css';

const FEATURES = [
  {
    Icon: GlobeIcon,
    title: '150+ currencies',
    text: 'Fiat currencies from every region, with ISO codes, symbols and flags, through one consistent API.',
  },
  {
    Icon: PulseIcon,
    title: 'Real-time rates',
    text: 'Rates from leading forex and crypto venues, each response stating its source and timestamp.',
  },
  {
    Icon: CoinsIcon,
    title: 'Crypto support 100+',
    text: 'More than 100 crypto assets alongside fiat, converted with 8-decimal precision.',
  },
] as const;

/** Three short reasons to use the API, below the hero. */
export function FeatureHighlights() {
  return (
    <Container size={CONTENT_WIDTH} py={{ base: 48, md: 80 }}>
      <Title order={2} ta="center" fz={{ base: 26, md: 32 }} mb={8}>
        Built for professionals and developers
      </Title>
      <Text ta="center" c="dimmed" mb={40} maw={620} mx="auto">
        One REST API for exchange rates, conversions and history, with predictable plans and clear limits.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {FEATURES.map((feature) => (
          <Card key={feature.title} className={classes.feature} radius="lg" padding="xl">
            <ThemeIcon size={48} radius="md" variant="light" mb="md">
              <feature.Icon />
            </ThemeIcon>
            <Text fw={700} mb={6}>
              {feature.title}
            </Text>
            <Text size="sm" c="dimmed">
              {feature.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
