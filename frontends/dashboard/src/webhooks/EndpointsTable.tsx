import { Badge, Button, Stack, Switch, Table, Text } from '@mantine/core';
import type { WebhookEndpointView } from '@fxrates/domain';
import { formatDateTime } from '@fxrates/web-kit';
import { endpointEventLines, endpointStatusText } from './webhook-view';
import classes from './webhooks.module.css';

export interface EndpointActions {
  onToggle: (endpoint: WebhookEndpointView, enabled: boolean) => void;
  onTest: (endpoint: WebhookEndpointView) => void;
  onShowDeliveries: (endpoint: WebhookEndpointView) => void;
  onDelete: (endpoint: WebhookEndpointView) => void;
}

/**
 * Endpoints as rows: URL (and description), events, status (with why it is disabled), created,
 * then Enabled, Send test event, Delivery log and Delete. On a phone each row is a card.
 */
export function EndpointsTable({
  endpoints,
  actions,
  busyId,
}: {
  endpoints: WebhookEndpointView[];
  actions: EndpointActions;
  /** The endpoint whose change or test is in flight. */
  busyId: string | null;
}) {
  return (
    <Table verticalSpacing="sm" className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>URL</Table.Th>
          <Table.Th>Events</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Created</Table.Th>
          <Table.Th aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {endpoints.map((endpoint) => {
          const status = endpointStatusText(endpoint);
          const enabled = endpoint.status === 'active';
          return (
            <Table.Tr key={endpoint.id} data-testid="webhook-row">
              <Table.Td className={`${classes.url} ${classes.lines}`}>
                <Text size="sm" fw={500} data-testid="webhook-url">
                  {endpoint.url}
                </Text>
                {endpoint.description && (
                  <Text size="xs" c="dimmed">
                    {endpoint.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Events" className={classes.lines} data-testid="webhook-events">
                {endpointEventLines(endpoint).map((line) => (
                  <Text size="sm" key={line}>
                    {line}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td data-label="Status" className={classes.lines} data-testid="webhook-status">
                <Badge color={enabled ? 'brand' : 'gray'} variant="light">
                  {status.label}
                </Badge>
                {status.reason && (
                  <Text size="xs" c="dimmed" data-testid="webhook-disabled-reason">
                    {status.reason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Created">{formatDateTime(endpoint.createdAt)}</Table.Td>
              <Table.Td className={classes.actions}>
                <Stack gap={4}>
                  <Switch
                    label="Enabled"
                    checked={enabled}
                    disabled={busyId === endpoint.id}
                    onChange={(event) => actions.onToggle(endpoint, event.currentTarget.checked)}
                    aria-label={`Enabled: ${endpoint.url}`}
                    labelPosition="left"
                  />
                  <Button
                    size="xs"
                    variant="subtle"
                    disabled={!enabled}
                    loading={busyId === endpoint.id}
                    onClick={() => actions.onTest(endpoint)}
                  >
                    Send test event
                  </Button>
                  <Button size="xs" variant="subtle" onClick={() => actions.onShowDeliveries(endpoint)}>
                    Delivery log
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    c="red.9"
                    onClick={() => actions.onDelete(endpoint)}
                  >
                    Delete
                  </Button>
                </Stack>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
