import { SparklineSvg } from '../charts/SparklineSvg';
import { ageHistoryLabel, agePath } from './age-format';

const WIDTH = 144;
const HEIGHT = 28;

/** A source's data age over 24 hours: higher is older; gaps where nothing was recorded. */
export function AgeSparkline({ name, ages }: { name: string; ages: readonly (number | null)[] }) {
  const label = ageHistoryLabel(name, ages);
  return (
    <SparklineSvg
      label={label}
      path={agePath(ages, WIDTH, HEIGHT)}
      width={WIDTH}
      height={HEIGHT}
      stroke="var(--mantine-color-blue-7)"
      testId="age-sparkline"
      withTitle
    />
  );
}
