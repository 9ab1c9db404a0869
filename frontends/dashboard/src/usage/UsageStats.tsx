import { Card, SimpleGrid, Title } from '@mantine/core';
import type { AccountUsage, ApiKeyView } from '@fxrates/domain';
import { ApiLimits } from './ApiLimits';
import { UsageChart } from './UsageChart';

/** Usage Stats: "Monthly Usage" (requests per day, per key) and "API Limits". */
export function UsageStats({ usage, keys }: { usage: AccountUsage | null; keys: ApiKeyView[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} fz="lg" mb="sm">
          Monthly Usage
        </Title>
        {usage && <UsageChart days={usage.days} keys={keys} />}
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} fz="lg" mb="sm">
          API Limits
        </Title>
        {usage && <ApiLimits usage={usage} />}
      </Card>
    </SimpleGrid>
  );
}
