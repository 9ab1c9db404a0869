import { ageHistoryLabel, agePath } from './age-format';

const WIDTH = 144;
const HEIGHT = 28;

/** A source's data age over 24 hours: higher is older; gaps where nothing was recorded. */
export function AgeSparkline({ name, ages }: { name: string; ages: readonly (number | null)[] }) {
  const label = ageHistoryLabel(name, ages);
  return (
    <svg
      role="img"
      aria-label={label}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`-1 -2 ${WIDTH + 2} ${HEIGHT + 4}`}
      data-testid="age-sparkline"
    >
      <title>{label}</title>
      <path
        d={agePath(ages, WIDTH, HEIGHT)}
        fill="none"
        stroke="var(--mantine-color-blue-7)"
        strokeWidth={1.5}
      />
    </svg>
  );
}
