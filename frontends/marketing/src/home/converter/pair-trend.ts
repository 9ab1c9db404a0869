export interface TrendPoint {
  day: string;
  rate: number;
}

/** The SVG path of a sparkline through `points`, scaled to fill `width` × `height` (y grows down). */
export function sparklinePath(points: readonly TrendPoint[], width: number, height: number): string {
  if (points.length < 2) return '';
  const rates = points.map((p) => p.rate);
  const low = Math.min(...rates);
  const span = Math.max(...rates) - low || 1;
  const step = width / (points.length - 1);
  return points
    .map((p, i) => {
      const x = i * step;
      const y = height - ((p.rate - low) / span) * height;
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** The change from the first to the last point, in percent, or null without two points. */
export function trendPercent(points: readonly TrendPoint[]): number | null {
  if (points.length < 2 || points[0].rate === 0) return null;
  return ((points[points.length - 1].rate - points[0].rate) / points[0].rate) * 100;
}

/** "30-day trend USD→EUR: +1.20 %" — what the sparkline says, for screen readers and the tooltip. */
export function trendLabel(from: string, to: string, points: readonly TrendPoint[]): string {
  const percent = trendPercent(points);
  if (percent === null) return `30-day trend ${from}→${to}: not enough history`;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `30-day trend ${from}→${to}: ${sign}${Math.abs(percent).toFixed(2)} %`;
}
