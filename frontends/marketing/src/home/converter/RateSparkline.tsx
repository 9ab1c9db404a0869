import { Group, Text } from '@mantine/core';
import { SparklineSvg } from '../../charts/SparklineSvg';
import { sparklinePath, trendLabel, trendPercent, type TrendPoint } from './pair-trend';

const WIDTH = 160;
const HEIGHT = 32;

/** A 30-day line of the pair's daily closes, with its change; nothing without two closes. */
export function RateSparkline({ from, to, points }: { from: string; to: string; points: TrendPoint[] }) {
  const percent = trendPercent(points);
  if (percent === null) return null;
  const label = trendLabel(from, to, points);
  const color = percent >= 0 ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-red-7)';
  return (
    <Group gap="xs" wrap="nowrap" data-testid="convert-trend" title={label}>
      <SparklineSvg
        label={label}
        path={sparklinePath(points, WIDTH, HEIGHT)}
        width={WIDTH}
        height={HEIGHT}
        stroke={color}
      />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} aria-hidden>
        30 days {label.slice(label.lastIndexOf(':') + 2)}
      </Text>
    </Group>
  );
}
