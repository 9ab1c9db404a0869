import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { WebhookDeliveryView, WebhookEndpointView } from '@fxrates/domain';
import { ErrorAlert, LoadingState, useApi } from '@fxrates/web-kit';
import { useId, useState } from 'react';
import { problemText } from '../sections/problem-text';
import { useDeliveries } from './use-deliveries';
import { DELIVERY_STATUS_BADGES, DELIVERY_STATUS_LABELS, WEBHOOK_TEXTS } from './webhook-texts';
import { attemptsText, deliveryOutcome, deliveryTimes } from './webhook-view';
import { replayDelivery } from './webhooks-api';
import classes from './webhooks.module.css';

/**
 * One endpoint's deliveries, newest first: event, status, attempts, what the last attempt got,
 * times, and Replay, which sends the event again as a new delivery shown on top.
 */
export function DeliveryLog({
  endpoint,
  refreshKey,
  onClose,
}: {
  endpoint: WebhookEndpointView;
  /** Changed by the page when it made a delivery (a test event): the log loads again. */
  refreshKey: number;
  onClose: () => void;
}) {
  const { client } = useApi();
  const headingId = useId();
  const log = useDeliveries(endpoint.id, refreshKey);
  const [replaying, setReplaying] = useState<string | null>(null);
  const [replayError, setReplayError] = useState<string | null>(null);
  const [replayed, setReplayed] = useState<string | null>(null);

  async function replay(delivery: WebhookDeliveryView) {
    setReplaying(delivery.id);
    setReplayError(null);
    try {
      const fresh = await replayDelivery(client, endpoint.id, delivery.id);
      log.add(fresh);
      setReplayed(fresh.id);
    } catch (failure) {
      console.error('Failed to replay a webhook delivery', failure);
      setReplayError(problemText(failure, WEBHOOK_TEXTS.replayFailed));
    } finally {
      setReplaying(null);
    }
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="delivery-log"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId}>
              {WEBHOOK_TEXTS.deliveriesTitle}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => void log.loadFirst()}>
              Refresh
            </Button>
            <Button size="xs" variant="subtle" onClick={onClose}>
              Close log
            </Button>
          </Group>
        </Group>
        {replayError && <ErrorAlert message={replayError} data-testid="replay-error" />}
        {log.state.status === 'loading' && <LoadingState minHeight={120} />}
        {log.state.status === 'failed' && (
          <ErrorAlert
            message={WEBHOOK_TEXTS.deliveriesFailed}
            onRetry={() => void log.loadFirst()}
            data-testid="deliveries-load-error"
          />
        )}
        {log.state.status === 'ready' && log.state.deliveries.length === 0 && (
          <Text c="dimmed" data-testid="deliveries-empty">
            {WEBHOOK_TEXTS.deliveriesEmpty}
          </Text>
        )}
        {log.state.status === 'ready' && log.state.deliveries.length > 0 && (
          <Table verticalSpacing="sm" className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Last answer</Table.Th>
                <Table.Th>Times</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.state.deliveries.map((delivery) => (
                <Table.Tr
                  key={delivery.id}
                  data-testid="delivery-row"
                  data-delivery-id={delivery.id}
                  data-replayed={delivery.id === replayed ? 'true' : undefined}
                >
                  <Table.Td data-label="Event" className={classes.lines}>
                    <Text size="sm" fw={500}>
                      {delivery.type}
                    </Text>
                    {delivery.replayOf && (
                      <Text size="xs" c="dimmed" data-testid="delivery-replay-of">
                        Replay of an earlier delivery
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label="Status">
                    <Badge {...DELIVERY_STATUS_BADGES[delivery.status]} data-testid="delivery-status">
                      {DELIVERY_STATUS_LABELS[delivery.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label="Attempts" data-testid="delivery-attempts">
                    {attemptsText(delivery.attempts)}
                  </Table.Td>
                  <Table.Td data-label="Last answer" data-testid="delivery-outcome">
                    {deliveryOutcome(delivery)}
                  </Table.Td>
                  <Table.Td data-label="Times" className={classes.lines}>
                    {deliveryTimes(delivery).map((line) => (
                      <Text size="xs" key={line}>
                        {line}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td className={classes.actions}>
                    <Button
                      size="xs"
                      variant="subtle"
                      loading={replaying === delivery.id}
                      onClick={() => void replay(delivery)}
                    >
                      Replay
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {log.moreFailed && (
          <ErrorAlert message={WEBHOOK_TEXTS.moreFailed} data-testid="deliveries-more-error" />
        )}
        {log.state.status === 'ready' && log.state.next && (
          <Button
            variant="default"
            loading={log.loadingMore}
            onClick={() => void log.loadMore()}
            style={{ alignSelf: 'flex-start' }}
          >
            {WEBHOOK_TEXTS.loadMore}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
