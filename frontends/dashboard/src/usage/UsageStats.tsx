import { Card, SimpleGrid, Title } from '@mantine/core';
import type { AccountUsage, ApiKeyView } from '@fxrates/domain';
import { ErrorAlert } from '@fxrates/web-kit';
import { ApiLimits } from './ApiLimits';
import { UsageChart } from './UsageChart';

export const LOAD_USAGE_FAILED = 'Failed to load usage';

/** Usage Stats: "Monthly Usage" (requests per day, per key) and "API Limits". */
export function UsageStats({
  usage,
  keys,
  failed,
  retrying,
  onRetry,
}: {
  usage: AccountUsage | null;
  keys: ApiKeyView[];
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} fz="lg" mb="sm">
          Monthly Usage
        </Title>
        {failed && (
          <ErrorAlert
            message={LOAD_USAGE_FAILED}
            onRetry={onRetry}
            retrying={retrying}
            data-testid="usage-load-error"
          />
        )}
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
