import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import type { RateAlertView } from '@fxrates/domain';
import { CHANNEL_LABELS, conditionWords, lastTriggeredWords, rearmWords, stateWords } from './alert-words';
import classes from './alerts.module.css';

/** Light badges write in the colour's shade 9 on its shade 1: these read at 4.5:1 or more (teal, green, orange do not). */
const STATE_COLORS = { Armed: 'brand', Triggered: 'grape', Paused: 'gray' } as const;

/**
 * Alerts as rows: the condition in words (and how it re-arms), channel, state, last triggered, and
 * Pause or Resume and Delete. On a phone each row is a card.
 */
export function AlertsTable({
  alerts,
  busyId,
  onTogglePaused,
  onDelete,
}: {
  alerts: RateAlertView[];
  busyId: string | null;
  onTogglePaused: (alert: RateAlertView) => void;
  onDelete: (alert: RateAlertView) => void;
}) {
  return (
    <Table verticalSpacing="sm" className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Condition</Table.Th>
          <Table.Th>Channel</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Last triggered</Table.Th>
          <Table.Th aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {alerts.map((alert) => {
          const state = stateWords(alert);
          return (
            <Table.Tr key={alert.id} data-testid="alert-row">
              <Table.Td className={classes.condition}>
                <Text size="sm" fw={600} data-testid="alert-condition">
                  {conditionWords(alert)}
                </Text>
                <Text size="xs" c="dimmed">
                  {rearmWords(alert)}
                </Text>
              </Table.Td>
              <Table.Td data-label="Channel" data-testid="alert-channel">
                {CHANNEL_LABELS[alert.channel]}
              </Table.Td>
              <Table.Td data-label="State">
                <Badge color={STATE_COLORS[state]} variant="light" data-testid="alert-state">
                  {state}
                </Badge>
              </Table.Td>
              <Table.Td data-label="Last triggered" data-testid="alert-last-triggered">
                {lastTriggeredWords(alert)}
              </Table.Td>
              <Table.Td className={classes.actions}>
                <Stack gap={4}>
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={busyId === alert.id}
                    onClick={() => onTogglePaused(alert)}
                  >
                    {alert.paused ? 'Resume' : 'Pause'}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" c="red.9" onClick={() => onDelete(alert)}>
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
