import { Button, Group, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { presetOf, presetRange, RANGE_PRESETS, type UsageRange } from './usage-range';

/**
 * The period of the breakdown: a preset (last 7 days, this month, last month) or days of the
 * user's own, in UTC as usage is counted. The pressed preset is the one the days match.
 */
export function UsageRangePicker({
  range,
  today,
  problem,
  onChange,
}: {
  range: UsageRange;
  today: string;
  /** Why the days cannot be asked for, shown under them. */
  problem: string | null;
  onChange: (range: UsageRange) => void;
}) {
  const current = presetOf(range, today);
  const problemId = useId();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Group gap={6} role="group" aria-label="Period">
        {RANGE_PRESETS.map((preset) => (
          <Button
            key={preset.value}
            size="xs"
            variant={current === preset.value ? 'filled' : 'default'}
            aria-pressed={current === preset.value}
            onClick={() => onChange(presetRange(preset.value, today))}
          >
            {preset.label}
          </Button>
        ))}
      </Group>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          type="date"
          size="xs"
          label="From"
          value={range.from}
          max={today}
          onChange={(event) => onChange({ ...range, from: event.currentTarget.value })}
          aria-describedby={problem ? problemId : undefined}
          error={problem !== null}
          data-testid="breakdown-from"
        />
        <TextInput
          type="date"
          size="xs"
          label="To"
          value={range.to}
          max={today}
          onChange={(event) => onChange({ ...range, to: event.currentTarget.value })}
          aria-describedby={problem ? problemId : undefined}
          error={problem !== null}
          data-testid="breakdown-to"
        />
      </Group>
      {problem && (
        <Text id={problemId} size="sm" c="red.8" w="100%" role="alert" data-testid="breakdown-range-problem">
          {problem}
        </Text>
      )}
    </Group>
  );
}
