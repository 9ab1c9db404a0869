import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { PLANS, type PlanFreshness, type SourceStatus } from '@fxrates/domain';
import { ErrorAlert, LoadingState, PageSection } from '@fxrates/web-kit';
import { AgeSparkline } from './AgeSparkline';
import { formatAge } from './age-format';
import { useSourceStatus } from './use-source-status';

/** "Basic: met" — a word as well as a colour, so it reads without colour. */
function FreshnessBadge({ freshness }: { freshness: PlanFreshness }) {
  const plan = PLANS[freshness.plan].name;
  const target = formatAge(freshness.targetSeconds);
  return (
    <Badge
      variant="light"
      color={freshness.met ? 'teal' : 'red'}
      title={`${plan} promises data at most ${target} old`}
      data-testid={`freshness-${freshness.plan}`}
    >
      {plan}: {freshness.met ? 'met' : 'not met'}
    </Badge>
  );
}

const when = (iso: string | null) => (iso === null ? 'Never' : new Date(iso).toLocaleString());

function SourceRow({ source, ages }: { source: SourceStatus; ages: readonly (number | null)[] | undefined }) {
  return (
    <Table.Tr data-testid={`source-${source.source}`}>
      <Table.Th scope="row">
        <Text fw={600} size="sm">
          {source.name}
        </Text>
        <Text size="xs" c="dimmed">
          {source.kind} · polled every {formatAge(source.pollIntervalSeconds ?? 0)}
          {source.marketClosed ? ' · market closed' : ''}
        </Text>
      </Table.Th>
      <Table.Td>{when(source.lastSuccessAt)}</Table.Td>
      <Table.Td data-testid="age">
        {source.ageSeconds === null ? 'No data' : formatAge(source.ageSeconds)}
      </Table.Td>
      <Table.Td>{source.consecutiveFailures}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {source.freshness.map((freshness) => (
            <FreshnessBadge key={freshness.plan} freshness={freshness} />
          ))}
        </Group>
      </Table.Td>
      <Table.Td>{ages ? <AgeSparkline name={source.name} ages={ages} /> : '—'}</Table.Td>
    </Table.Tr>
  );
}

/** /status: every enabled rates source, its freshness against each plan's promise, and 24 hours of age. */
export function StatusPage() {
  const { status, reload } = useSourceStatus();
  return (
    <PageSection
      title="System Status"
      description="Where our rates come from right now: each source's last successful poll, the age of its newest data, and whether that meets each plan's freshness promise."
    >
      {status.state === 'loading' && <LoadingState />}
      {status.state === 'error' && (
        <ErrorAlert message={status.message} onRetry={reload} data-testid="status-error" />
      )}
      {status.state === 'loaded' && (
        <Stack gap="xs">
          <Paper withBorder radius="md" p="xs">
            <Table.ScrollContainer minWidth={860}>
              <Table verticalSpacing="sm" data-testid="status-table">
                <Table.Caption>
                  As of {new Date(status.status.generatedAt).toLocaleString()}. Age is the time since the
                  source&apos;s newest data; the line shows it over the last 24 hours (higher is older).
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Source</Table.Th>
                    <Table.Th scope="col">Last success</Table.Th>
                    <Table.Th scope="col">Age</Table.Th>
                    <Table.Th scope="col">Failures in a row</Table.Th>
                    <Table.Th scope="col">Freshness by plan</Table.Th>
                    <Table.Th scope="col">Age, 24 hours</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {status.status.sources
                    .filter((source) => source.enabled)
                    .map((source) => (
                      <SourceRow
                        key={source.source}
                        source={source}
                        ages={status.history?.sources.find((s) => s.source === source.source)?.ages}
                      />
                    ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </Stack>
      )}
    </PageSection>
  );
}
