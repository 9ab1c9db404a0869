import {
  STATUS_CLASSES,
  type StatusClass,
  type UsageBreakdown,
  type UsageBreakdownRow,
} from '@fxrates/domain';
import { daysOf } from './usage-range';

/** What the stacks of a day's bar are. */
export type BreakdownGrouping = 'key' | 'endpoint' | 'statusClass';

export const GROUPINGS: readonly { value: BreakdownGrouping; label: string; chartName: string }[] = [
  { value: 'key', label: 'By key', chartName: 'Calls per day by key' },
  { value: 'endpoint', label: 'By endpoint', chartName: 'Calls per day by endpoint' },
  { value: 'statusClass', label: 'By status class', chartName: 'Calls per day by status class' },
];

export const chartNameOf = (grouping: BreakdownGrouping): string =>
  GROUPINGS.find(({ value }) => value === grouping)!.chartName;

export const DELETED_KEY_LABEL = 'Deleted key';

/** Keys in the order the API lists them; endpoints by name; then any extra, so colours stay put. */
const PALETTE = [
  'brand.6',
  'teal.6',
  'yellow.6',
  'violet.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.6',
  'gray.6',
];

/** Success green, redirects blue, refusals amber, faults red: the colours HTTP dashboards use. */
const STATUS_COLORS: Record<StatusClass, string> = {
  '2xx': 'teal.6',
  '3xx': 'blue.6',
  '4xx': 'yellow.6',
  '5xx': 'red.7',
};

const STATUS_LABELS: Record<StatusClass, string> = {
  '2xx': '2xx success',
  '3xx': '3xx not modified',
  '4xx': '4xx refused',
  '5xx': '5xx server error',
};

/**
 * One stack of the bars. `name` is the data field: a made-up one, because the chart reads a field
 * name with a dot or bracket as a path and an endpoint may hold either.
 */
export interface BreakdownSeries {
  name: string;
  label: string;
  color: string;
}

/** One bar: the day (ISO date) and each series' calls that day. */
export type BreakdownBar = { day: string } & Record<string, number | string>;

export interface BreakdownChartData {
  /** Every day of the period, days without calls included (they are gaps in the chart). */
  bars: BreakdownBar[];
  series: BreakdownSeries[];
  /** The days that had calls, with each series' calls and their total: the table under the chart. */
  table: { day: string; total: number; calls: number[] }[];
  /** Each series' calls over the period, and all of them. */
  totals: { bySeries: number[]; all: number };
}

/** What a key filter can be set to: every key the period names, by name and masked key. */
export function keyOptions(breakdown: UsageBreakdown): { value: string; label: string }[] {
  return breakdown.keys.map((key) => ({ value: key.id, label: `${key.name} (${key.maskedKey})` }));
}

function groupsOf(
  breakdown: UsageBreakdown,
  rows: UsageBreakdownRow[],
  grouping: BreakdownGrouping,
): { id: string; label: string; color: string }[] {
  const present = new Set(rows.map((row) => groupOf(row, grouping)));
  switch (grouping) {
    case 'statusClass':
      return STATUS_CLASSES.filter((status) => present.has(status)).map((status) => ({
        id: status,
        label: STATUS_LABELS[status],
        color: STATUS_COLORS[status],
      }));
    case 'endpoint':
      return [...present].sort().map((endpoint, index) => ({
        id: endpoint,
        label: endpoint,
        color: PALETTE[index % PALETTE.length],
      }));
    case 'key': {
      const listed = breakdown.keys.map((key) => key.id);
      const ids = [
        ...listed.filter((id) => present.has(id)),
        ...[...present].filter((id) => !listed.includes(id)).sort(),
      ];
      return ids.map((id, index) => ({
        id,
        label: breakdown.keys.find((key) => key.id === id)?.name ?? DELETED_KEY_LABEL,
        color: PALETTE[index % PALETTE.length],
      }));
    }
  }
}

function groupOf(row: UsageBreakdownRow, grouping: BreakdownGrouping): string {
  return grouping === 'key' ? row.keyId : grouping === 'endpoint' ? row.endpoint : row.statusClass;
}

/**
 * The period's calls as one bar per day, stacked by key, endpoint or status class, of one key or
 * all of them; and the same numbers as a table.
 */
export function breakdownChartData(
  breakdown: UsageBreakdown,
  grouping: BreakdownGrouping,
  keyId: string | null,
): BreakdownChartData {
  const rows = keyId === null ? breakdown.rows : breakdown.rows.filter((row) => row.keyId === keyId);
  const groups = groupsOf(breakdown, rows, grouping);
  const seriesOf = new Map(groups.map((group, index) => [group.id, index]));
  const perDay = new Map<string, number[]>();
  for (const row of rows) {
    const calls = perDay.get(row.day) ?? groups.map(() => 0);
    calls[seriesOf.get(groupOf(row, grouping))!] += row.calls;
    perDay.set(row.day, calls);
  }
  const series = groups.map((group, index) => ({
    name: `s${index}`,
    label: group.label,
    color: group.color,
  }));
  const days = daysOf(breakdown);
  const table = days
    .filter((day) => perDay.has(day))
    .map((day) => {
      const calls = perDay.get(day)!;
      return { day, calls, total: sum(calls) };
    });
  const bySeries = groups.map((_, index) => sum(table.map((row) => row.calls[index])));
  return {
    bars: days.map((day) => ({
      day,
      ...Object.fromEntries(series.map((one, index) => [one.name, perDay.get(day)?.[index] ?? 0])),
    })),
    series,
    table,
    totals: { bySeries, all: sum(bySeries) },
  };
}

const sum = (numbers: number[]) => numbers.reduce((total, number) => total + number, 0);

/** "Nov 3" for 2026-11-03: a period may cross months, so the axis names the month too. */
export function shortDay(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
