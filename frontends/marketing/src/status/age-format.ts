import { formatAge } from '@fxrates/web-kit';

export { formatAge };

/**
 * The SVG path of ages over a fixed grid of steps, scaled to `width` × `height` from 0 (bottom) to the
 * highest age (top); a step without a sample breaks the line rather than being drawn as zero.
 */
export function agePath(ages: readonly (number | null)[], width: number, height: number): string {
  const highest = Math.max(1, ...ages.map((age) => age ?? 0));
  const step = ages.length > 1 ? width / (ages.length - 1) : 0;
  let drawing = false;
  const parts: string[] = [];
  ages.forEach((age, i) => {
    if (age === null) {
      drawing = false;
      return;
    }
    const x = (i * step).toFixed(1);
    const y = (height - (age / highest) * height).toFixed(1);
    parts.push(`${drawing ? 'L' : 'M'}${x},${y}`);
    drawing = true;
  });
  return parts.join(' ');
}

/** What the sparkline says, for screen readers and the tooltip. */
export function ageHistoryLabel(name: string, ages: readonly (number | null)[]): string {
  const known = ages.filter((age): age is number => age !== null);
  if (known.length === 0) return `Data age of ${name} over 24 hours: nothing recorded`;
  return `Data age of ${name} over 24 hours: now ${formatAge(known[known.length - 1])}, at most ${formatAge(Math.max(...known))}`;
}
