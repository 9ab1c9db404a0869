import { Group, Paper, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { sourceCadenceOf, type CurrencySource } from '@fxrates/domain';
import { formatAge, formatDateTime } from '@fxrates/web-kit';
import { useDeferredValue, useMemo, useState } from 'react';
import { filterCurrencies, typeFilters, type CurrencyTypeFilter } from './currency-filter';

const sourceName = (source: string) => sourceCadenceOf(source)?.label ?? source;

function SourceCell({ currency, pivot }: { currency: CurrencySource; pivot: string }) {
  if (currency.code === pivot) return <Text size="sm">Base of every rate (1 by definition)</Text>;
  if (currency.source === null)
    return (
      <Text size="sm" c="red.8">
        No rate from any source
      </Text>
    );
  return <Text size="sm">{sourceName(currency.source)}</Text>;
}

function AgeCell({ currency }: { currency: CurrencySource }) {
  if (currency.ageSeconds === null || currency.timestamp === null) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" title={formatDateTime(currency.timestamp)} data-testid="currency-age">
        {formatAge(currency.ageSeconds)}
      </Text>
      {/* Words in colours that keep AA contrast at this size (a light badge's do not). */}
      {currency.stale && (
        <Text size="xs" fw={600} c="red.9">
          delayed
        </Text>
      )}
      {currency.marketClosed && (
        <Text size="xs" fw={600} c="gray.7">
          market closed
        </Text>
      )}
    </Stack>
  );
}

/**
 * Every currency of the catalogue, where its rate comes from now and how old it is, with a search by
 * code or name and a choice of type. Three narrow columns that wrap: it fits a 390 px phone without
 * scrolling sideways.
 */
export function CurrencySourcesList({
  currencies,
  pivot,
}: {
  currencies: readonly CurrencySource[];
  pivot: string;
}) {
  const [query, setQuery] = useState('');
  const [type, setType] = useState<CurrencyTypeFilter>('all');
  // Typing stays responsive while ~450 rows are filtered and drawn again.
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(
    () => filterCurrencies(currencies, deferredQuery, type),
    [currencies, deferredQuery, type],
  );
  const filters = useMemo(() => typeFilters(currencies), [currencies]);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search currencies"
          placeholder="Code or name, e.g. EUR or yen"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          type="search"
          autoComplete="off"
          spellCheck={false}
          style={{ flex: '1 1 220px' }}
        />
        <SegmentedControl
          aria-label="Currency type"
          data={filters}
          value={type}
          onChange={(value) => setType(value as CurrencyTypeFilter)}
        />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="currency-count">
        {shown.length === currencies.length
          ? `${currencies.length} currencies`
          : `${shown.length} of ${currencies.length} currencies`}
      </Text>
      <Paper withBorder radius="md" p="xs">
        <Table
          layout="fixed"
          verticalSpacing="xs"
          horizontalSpacing="xs"
          data-testid="currency-table"
          style={{ overflowWrap: 'anywhere' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w="42%">
                Currency
              </Table.Th>
              <Table.Th scope="col" w="33%">
                Source
              </Table.Th>
              <Table.Th scope="col" w="25%">
                Age
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((currency) => (
              <Table.Tr key={currency.code} data-testid={`currency-${currency.code}`}>
                <Table.Th scope="row" fw="normal">
                  <Text size="sm" fw={600}>
                    {currency.code}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {currency.name}
                  </Text>
                </Table.Th>
                <Table.Td data-testid="currency-source">
                  <SourceCell currency={currency} pivot={pivot} />
                </Table.Td>
                <Table.Td>
                  <AgeCell currency={currency} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {shown.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No currency matches “{query.trim()}”.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
