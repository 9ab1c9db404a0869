import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PLANS, type PlanFreshness, type SourceStatus } from '@fxrates/domain';
import { ErrorAlert, formatAge, formatDateTime, LoadingState, PageSection } from '@fxrates/web-kit';
import type { ReactNode } from 'react';
import { AgeSparkline } from './AgeSparkline';
import { CurrencySourcesList } from './CurrencySourcesList';
import { useSourceStatus } from './use-source-status';

/** "Basic: met" — a word as well as a colour, so it reads without colour. */
function FreshnessBadge({ freshness }: { freshness: PlanFreshness }) {
  const plan = PLANS[freshness.plan].name;
  const target = formatAge(freshness.targetSeconds);
  return (
    <Badge
      // Filled in the darkest shade: the light variant's text is below WCAG AA contrast at badge size.
      variant="filled"
      color={freshness.met ? 'teal.9' : 'red.9'}
      title={`${plan} promises data at most ${target} old`}
      data-testid={`freshness-${freshness.plan}`}
    >
      {plan}: {freshness.met ? 'met' : 'not met'}
    </Badge>
  );
}

const when = (iso: string | null) => (iso === null ? 'Never' : formatDateTime(iso));

function missedText(missed: number | null): string {
  if (missed === null) return 'Unknown';
  return missed === 0 ? 'None' : String(missed);
}

/** One figure of a source card: a label over its value. */
function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** A source as a card (a wide table would not fit a phone): cadence, age, polls, freshness, 24 hours of age. */
function SourceCard({
  source,
  ages,
}: {
  source: SourceStatus;
  ages: readonly (number | null)[] | undefined;
}) {
  const headingId = `source-heading-${source.source}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={headingId}
      data-testid={`source-${source.source}`}
    >
      <Stack gap="xs">
        <Stack gap={2}>
          <Title order={3} fz="md" id={headingId}>
            {source.name}
          </Title>
          <Text size="xs" c="dimmed">
            {source.kind} · polled every {formatAge(source.pollIntervalSeconds ?? 0)}
            {source.marketClosed ? ' · market closed' : ''}
          </Text>
          <Text size="sm" data-testid="cadence">
            Publishes: {source.cadence.summary}
          </Text>
        </Stack>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
          <Figure label="Age" testId="age">
            {source.ageSeconds === null ? 'No data' : formatAge(source.ageSeconds)}
          </Figure>
          <Figure label="Last success">{when(source.lastSuccessAt)}</Figure>
          <Figure label="Failures in a row" testId="failures">
            {source.consecutiveFailures}
          </Figure>
          <Figure label="Missed publishes, 7 days" testId="missed">
            {missedText(source.missedPublishes)}
          </Figure>
        </SimpleGrid>
        <Group gap={4}>
          {source.freshness.map((freshness) => (
            <FreshnessBadge key={freshness.plan} freshness={freshness} />
          ))}
        </Group>
        {ages && <AgeSparkline name={source.name} ages={ages} />}
      </Stack>
    </Paper>
  );
}

/**
 * /status: every enabled rates source (its cadence, freshness against each plan's promise, missed
 * publishes and 24 hours of age), then every currency with the source and age of its rate.
 */
export function StatusPage() {
  const { status, reload } = useSourceStatus();
  return (
    <PageSection
      title="System Status"
      description="Where our rates come from right now: each source's cadence, last successful poll, the age of its newest data and whether that meets each plan's freshness promise, then every currency with its source."
    >
      {status.state === 'loading' && <LoadingState />}
      {status.state === 'error' && (
        <ErrorAlert message={status.message} onRetry={reload} data-testid="status-error" />
      )}
      {status.state === 'loaded' && (
        <Stack gap="xl">
          <Stack gap="sm" component="section" aria-labelledby="status-sources">
            <Title order={2} fz="xl" id="status-sources">
              Sources
            </Title>
            <Text size="sm" c="dimmed">
              As of {formatDateTime(status.status.generatedAt)}. Age is the time since the source&apos;s
              newest data; the line shows it over the last 24 hours (higher is older). A missed publish is one
              its cadence made due in the last 7 days that we have not received.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="status-sources">
              {status.status.sources
                .filter((source) => source.enabled)
                .map((source) => (
                  <SourceCard
                    key={source.source}
                    source={source}
                    ages={status.history?.sources.find((s) => s.source === source.source)?.ages}
                  />
                ))}
            </SimpleGrid>
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="status-currencies">
            <Title order={2} fz="xl" id="status-currencies">
              Currencies
            </Title>
            <CurrencySourcesList currencies={status.status.currencies} pivot={status.status.pivot} />
          </Stack>
        </Stack>
      )}
    </PageSection>
  );
}
