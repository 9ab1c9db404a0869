import { Group, Stack, Text } from '@mantine/core';
import type { QuoteRow } from './plan-quote-texts';

/** Label and value lines: the checkout's plan, amount and cycle, or a quote's due today and after. */
export function SummaryRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text c="dimmed">{label}</Text>
      <Text fw={600} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** A quote's lines: what is due today, when the plan applies and what PayPal bills from when. */
export function QuoteSummary({ rows, testIdPrefix }: { rows: QuoteRow[]; testIdPrefix: string }) {
  return (
    <Stack gap={6}>
      {rows.map((row) => (
        <SummaryRow key={row.key} label={row.label} value={row.value} testId={`${testIdPrefix}-${row.key}`} />
      ))}
    </Stack>
  );
}
