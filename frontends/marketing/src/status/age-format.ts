/** "45 s", "9 min", "2 h 5 min", "3 d 4 h": an age for people. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

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
