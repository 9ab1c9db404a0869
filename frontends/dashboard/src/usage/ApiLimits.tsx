import { Group, Progress, Stack, Text } from '@mantine/core';
import type { AccountUsage } from '@fxrates/domain';
import { formatCount, formatDate } from '@fxrates/web-kit';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={`limit-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
    </Group>
  );
}

/** API Limits: plan, quota, used, remaining with a progress bar, reset date and burst. */
export function ApiLimits({ usage }: { usage: AccountUsage }) {
  const share = usage.monthlyQuota > 0 ? (usage.used / usage.monthlyQuota) * 100 : 0;
  const number = formatCount;
  return (
    <Stack gap="xs">
      <Row label="Plan" value={usage.plan.charAt(0).toUpperCase() + usage.plan.slice(1)} />
      <Row label="Monthly quota" value={number(usage.monthlyQuota)} />
      <Row label="Used" value={number(usage.used)} />
      <Row label="Remaining" value={number(usage.remaining)} />
      <Progress
        value={share}
        color={share >= 90 ? 'red' : share >= 75 ? 'yellow' : 'blue'}
        aria-label="Share of the monthly quota used"
      />
      <Row label="Resets" value={formatDate(usage.resetsAt)} />
      <Row label="Burst limit" value={`${number(usage.burstPerSecond)} requests/second`} />
    </Stack>
  );
}
