/** A line chart as SVG: the x axis is the buckets' start second, one line per series. */
export interface ChartSeries {
  name: string;
  values: (number | null)[];
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'];
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function panel(title: string, unit: string, xs: number[], series: ChartSeries[], top: number): string {
  const [left, width, height] = [60, 560, 170];
  const values = series.flatMap((s) => s.values).filter((v): v is number => v !== null);
  const max = Math.max(1, ...values) * 1.1;
  const xMax = Math.max(1, xs[xs.length - 1] ?? 1);
  const x = (second: number) => left + (second / xMax) * width;
  const y = (value: number) => top + height - (value / max) * height;
  const parts = [
    `<text x="${left}" y="${top - 8}" font-weight="bold">${escape(title)}</text>`,
    `<line x1="${left}" y1="${top + height}" x2="${left + width}" y2="${top + height}" stroke="#999"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + height}" stroke="#999"/>`,
  ];
  for (const fraction of [0, 0.5, 1]) {
    const value = (max / 1.1) * fraction;
    parts.push(
      `<text x="${left - 6}" y="${y(value) + 4}" text-anchor="end">${value.toFixed(value < 10 ? 1 : 0)} ${unit}</text>`,
    );
  }
  for (const second of xs)
    parts.push(`<text x="${x(second)}" y="${top + height + 14}" text-anchor="middle">${second}</text>`);
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const points = s.values
      .map((v, j) => (v === null ? null : `${x(xs[j]).toFixed(1)},${y(v).toFixed(1)}`))
      .filter((p): p is string => p !== null);
    parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points.join(' ')}"/>`);
    parts.push(
      `<text x="${left + width + 10}" y="${top + 12 + i * 14}" fill="${colour}">${escape(s.name)}</text>`,
    );
  });
  return parts.join('\n');
}

/** Two panels, one above the other, sharing the x axis (seconds from the start of the load). */
export function lineChartSvg(
  xs: number[],
  upper: { title: string; unit: string; series: ChartSeries[] },
  lower: { title: string; unit: string; series: ChartSeries[] },
): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="470" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    panel(upper.title, upper.unit, xs, upper.series, 30),
    panel(lower.title, lower.unit, xs, lower.series, 260),
    `<text x="340" y="462" text-anchor="middle">seconds from the start of the load</text>`,
    `</svg>`,
  ].join('\n');
}
