import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import type { ApiKeyView, UsageDay } from '@fxrates/domain';

const COLORS = ['#228be6', '#12b886', '#fab005', '#fa5252', '#7950f2', '#fd7e14', '#15aabf', '#e64980'];
const HEIGHT = 180;
export const NO_REQUESTS_YET = 'No requests yet this month';

/**
 * Requests per day this month as stacked bars, one colour per key, with the day's total on hover
 * and the same numbers in a table for screen readers.
 */
export function UsageChart({ days, keys }: { days: UsageDay[]; keys: ApiKeyView[] }) {
  if (days.every((day) => day.total === 0)) {
    return (
      <Text c="dimmed" py="md" data-testid="usage-empty">
        {NO_REQUESTS_YET}
      </Text>
    );
  }
  const names = new Map(keys.map((key) => [key.id, key.name]));
  const keyIds = [...new Set(days.flatMap((day) => Object.keys(day.byKey)))];
  const colorOf = (id: string) => COLORS[keyIds.indexOf(id) % COLORS.length];
  const max = Math.max(1, ...days.map((day) => day.total));
  const barWidth = 100 / Math.max(days.length, 1);

  return (
    <Box>
      <svg
        width="100%"
        height={HEIGHT}
        viewBox={`0 0 100 ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label="Requests per day this month"
        data-testid="usage-chart"
      >
        <line
          x1={0}
          y1={HEIGHT - 0.5}
          x2={100}
          y2={HEIGHT - 0.5}
          stroke="var(--mantine-color-gray-4)"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {days.map((day, index) => {
          let y = HEIGHT;
          return (
            <g key={day.day} data-day={day.day} data-total={day.total}>
              <title>{`${day.day}: ${day.total.toLocaleString('en-US')} requests`}</title>
              {keyIds.map((id) => {
                const count = day.byKey[id] ?? 0;
                if (count === 0) return null;
                const height = (count / max) * (HEIGHT - 8);
                y -= height;
                return (
                  <rect
                    key={id}
                    x={index * barWidth + barWidth * 0.15}
                    width={barWidth * 0.7}
                    y={y}
                    height={height}
                    fill={colorOf(id)}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {days[0]?.day}
        </Text>
        <Text size="xs" c="dimmed">
          peak {max.toLocaleString('en-US')} / day
        </Text>
        <Text size="xs" c="dimmed">
          {days.at(-1)?.day}
        </Text>
      </Group>
      {keyIds.length > 0 && (
        <Group gap="md" mt="xs">
          {keyIds.map((id) => (
            <Group key={id} gap={6}>
              <Box w={10} h={10} style={{ background: colorOf(id), borderRadius: 2 }} />
              <Text size="xs">{names.get(id) ?? 'Deleted key'}</Text>
            </Group>
          ))}
        </Group>
      )}
      <VisuallyHidden>
        <table>
          <caption>Requests per day this month</caption>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
