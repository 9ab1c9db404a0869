import { Button, Code, Table, Text } from '@mantine/core';
import type { ApiKeyView } from '@fxrates/domain';
import classes from './keys-table.module.css';

function formatDate(iso: string | null): string {
  return iso
    ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
        ' UTC'
    : 'Never';
}

/**
 * Keys as rows: name, masked key, requests, last used, and a Deactivate action for active keys.
 * On a phone each row is a card (keys-table.module.css), each field after its column's name.
 */
export function KeysTable({
  keys,
  onDeactivate,
  emptyText,
}: {
  keys: ApiKeyView[];
  onDeactivate?: (key: ApiKeyView) => void;
  emptyText: string;
}) {
  if (keys.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {emptyText}
      </Text>
    );
  }
  return (
    <Table verticalSpacing="sm" highlightOnHover className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Key</Table.Th>
          <Table.Th ta="right">Requests</Table.Th>
          <Table.Th>Last used</Table.Th>
          {onDeactivate && <Table.Th aria-label="Actions" />}
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
            </Table.Td>
            <Table.Td ta="right" data-label="Requests">
              {key.totalRequests.toLocaleString('en-US')}
            </Table.Td>
            <Table.Td data-label="Last used">{formatDate(key.lastUsed)}</Table.Td>
            {onDeactivate && (
              <Table.Td ta="right" className={classes.action}>
                <Button size="xs" variant="subtle" color="red" onClick={() => onDeactivate(key)}>
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
