import { Button, Code, Stack, Table, Text } from '@mantine/core';
import type { ApiKeyView } from '@fxrates/domain';
import { formatCount } from '@fxrates/web-kit';
import { KeyKindBadge } from './KeyKindBadge';
import { formatKeyInstant } from './key-dates';
import { restrictionsSummary, retiringText, scopesSummary } from './restrictions-summary';
import classes from './keys-table.module.css';

/** What can be done to an active key, from its row. */
export interface KeyActions {
  onEdit: (key: ApiKeyView) => void;
  onRoll: (key: ApiKeyView) => void;
  onDeactivate: (key: ApiKeyView) => void;
}

/**
 * Keys as rows: name, masked key (and a rolled key's old secret while it works), kind, scopes,
 * restrictions, created, last used, requests, and Edit, Roll key and Deactivate for active keys.
 * On a phone each row is a card (keys-table.module.css), each field after its column's name.
 */
export function KeysTable({
  keys,
  actions,
  emptyText,
}: {
  keys: ApiKeyView[];
  actions?: KeyActions;
  emptyText: string;
}) {
  if (keys.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {emptyText}
      </Text>
    );
  }
  const now = new Date();
  return (
    <Table verticalSpacing="sm" highlightOnHover className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Key</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th>Scopes</Table.Th>
          <Table.Th>Restrictions</Table.Th>
          <Table.Th>Created</Table.Th>
          <Table.Th>Last used</Table.Th>
          <Table.Th ta="right">Requests</Table.Th>
          {actions && <Table.Th aria-label="Actions" />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => (
          <Table.Tr key={key.id} data-testid="key-row">
            <Table.Td fw={500} className={classes.name}>
              {key.name}
            </Table.Td>
            <Table.Td data-label="Key" className={classes.key}>
              <Code>{key.maskedKey}</Code>
              {key.retiring && (
                <Stack gap={0} mt={4} data-testid="retiring-secret">
                  <Text size="xs" ff="monospace" c="dimmed">
                    {key.retiring.maskedKey}
                  </Text>
                  <Text size="xs">{retiringText(key.retiring)}</Text>
                </Stack>
              )}
            </Table.Td>
            <Table.Td data-label="Kind" className={classes.kind}>
              <KeyKindBadge kind={key.kind} />
            </Table.Td>
            <Table.Td data-label="Scopes" data-testid="key-scopes">
              <Text size="sm">{scopesSummary(key.scopes)}</Text>
            </Table.Td>
            <Table.Td data-label="Restrictions" data-testid="key-restrictions" className={classes.lines}>
              {restrictionsSummary(key, now).map((line) => (
                <Text size="sm" key={line}>
                  {line}
                </Text>
              ))}
            </Table.Td>
            <Table.Td data-label="Created">{formatKeyInstant(key.createdAt)}</Table.Td>
            <Table.Td data-label="Last used">
              {key.lastUsed ? formatKeyInstant(key.lastUsed) : 'Never'}
            </Table.Td>
            <Table.Td ta="right" data-label="Requests">
              {formatCount(key.totalRequests)}
            </Table.Td>
            {actions && (
              <Table.Td ta="right" className={classes.actions}>
                <Button size="xs" variant="subtle" onClick={() => actions.onEdit(key)}>
                  Edit
                </Button>
                <Button size="xs" variant="subtle" onClick={() => actions.onRoll(key)}>
                  Roll key
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => actions.onDeactivate(key)}>
                  Deactivate
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
