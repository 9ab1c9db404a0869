import { formatAge } from '@fxrates/web-kit';

export { formatAge };

/**
 * The SVG path of ages over a fixed grid of steps, scaled to `width` × `height` from 0 (bottom) to the
 * highest age (top). Samples are joined by lines, also across the empty steps between polls of a
 * source that is polled less often than the grid's step; a gap more than three times the usual one
 * between samples (an outage) breaks the line. A sample alone between breaks is a short level
 * stroke as wide as the usual gap, and a single sample in the whole window a level line across it
 * (with the label saying data is still being collected): never a dot.
 */
export function agePath(ages: readonly (number | null)[], width: number, height: number): string {
  const samples = ages.flatMap((age, step) => (age === null ? [] : [{ step, age }]));
  if (samples.length === 0) return '';
  const highest = Math.max(1, ...samples.map((sample) => sample.age));
  const stepWidth = ages.length > 1 ? width / (ages.length - 1) : width;
  const x = (step: number) => Math.min(width, Math.max(0, step * stepWidth));
  const y = (age: number) => height - (age / highest) * height;
  const point = (px: number, py: number) => `${px.toFixed(1)},${py.toFixed(1)}`;
  if (samples.length === 1) return `M${point(0, height / 2)} L${point(width, height / 2)}`;

  const gaps = samples.slice(1).map((sample, i) => sample.step - samples[i].step);
  const usualGap = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
  const runs: { step: number; age: number }[][] = [[samples[0]]];
  gaps.forEach((gap, i) => {
    if (gap > 3 * usualGap) runs.push([]);
    runs[runs.length - 1].push(samples[i + 1]);
  });
  return runs
    .map((run) => {
      if (run.length > 1)
        return run.map(({ step, age }, i) => `${i === 0 ? 'M' : 'L'}${point(x(step), y(age))}`).join(' ');
      const [{ step, age }] = run;
      const half = (usualGap * stepWidth) / 2;
      return `M${point(x(step - usualGap / 2), y(age))} L${point(Math.min(width, step * stepWidth + half), y(age))}`;
    })
    .join(' ');
}

/** What the sparkline says, for screen readers and the tooltip. */
export function ageHistoryLabel(name: string, ages: readonly (number | null)[]): string {
  const known = ages.filter((age): age is number => age !== null);
  if (known.length === 0) return `Data age of ${name} over 24 hours: nothing recorded`;
  if (known.length === 1)
    return `Data age of ${name} over 24 hours: now ${formatAge(known[0])}, collecting data`;
  return `Data age of ${name} over 24 hours: now ${formatAge(known[known.length - 1])}, at most ${formatAge(Math.max(...known))}`;
}
