import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AccountUsage, ApiKeyView } from '@fxrates/domain';
import { formatCount } from '@fxrates/web-kit';
import { useState } from 'react';
import { CreateKeyDialog } from '../keys/CreateKeyDialog';
import { FirstKeyCall } from './FirstKeyCall';
import { needsFirstKey } from './first-key';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Shown for a count that could not be loaded, rather than a zero that is not true. */
const UNKNOWN = '—';

/**
 * Overview: a welcome, "Create your first key" while there is no active key, the number of active
 * keys and the requests made with them.
 */
export function Overview({
  welcome,
  active,
  usage,
  onKeyCreated,
}: {
  welcome: string;
  /** null when the keys could not be loaded. */
  active: ApiKeyView[] | null;
  usage: AccountUsage | null;
  onKeyCreated: () => void;
}) {
  const [creating, setCreating] = useState(false);
  const totalRequests = active?.reduce((sum, key) => sum + key.totalRequests, 0);
  return (
    <Stack gap="lg">
      <Title order={2} fz="xl">
        {welcome}
      </Title>
      {needsFirstKey(active) && <FirstKeyCall onCreate={() => setCreating(true)} />}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Active keys" value={active ? String(active.length) : UNKNOWN} />
        <Stat
          label="Total requests"
          value={totalRequests === undefined ? UNKNOWN : formatCount(totalRequests)}
          hint="over your active keys"
        />
        {usage && (
          <Stat
            label="This month"
            value={`${formatCount(usage.used)} / ${formatCount(usage.monthlyQuota)}`}
            hint={`${usage.plan.charAt(0).toUpperCase()}${usage.plan.slice(1)} plan`}
          />
        )}
      </SimpleGrid>
      {/* Outside the call: the new key, shown once, outlives the call it came from. */}
      <CreateKeyDialog opened={creating} onClose={() => setCreating(false)} onCreated={onKeyCreated} />
    </Stack>
  );
}
