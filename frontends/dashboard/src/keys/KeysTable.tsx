import { Button, Code, Table, Text } from '@mantine/core';
import type { ApiKeyView } from '@fxrates/domain';

function formatDate(iso: string | null): string {
  return iso
    ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
        ' UTC'
    : 'Never';
}

/** Keys as rows: name, masked key, requests, last used, and a Deactivate action for active keys. */
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
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
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
              <Table.Td fw={500}>{key.name}</Table.Td>
              <Table.Td>
                <Code>{key.maskedKey}</Code>
              </Table.Td>
              <Table.Td ta="right">{key.totalRequests.toLocaleString('en-US')}</Table.Td>
              <Table.Td>{formatDate(key.lastUsed)}</Table.Td>
              {onDeactivate && (
                <Table.Td ta="right">
                  <Button size="xs" variant="subtle" color="red" onClick={() => onDeactivate(key)}>
                    Deactivate
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
