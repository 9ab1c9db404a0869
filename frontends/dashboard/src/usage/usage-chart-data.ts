import type { ApiKeyView, UsageDay } from '@fxrates/domain';
import { formatCount, formatIsoDay } from '@fxrates/web-kit';

/** One bar segment colour per key, in the order keys first appear this month (theme colours). */
const KEY_COLORS = ['brand.6', 'teal.6', 'yellow.6', 'red.6', 'violet.6', 'orange.6', 'cyan.6', 'pink.6'];

export const DELETED_KEY_LABEL = 'Deleted key';

/** A key's share of the chart: its id is the data field, its name what the legend and tooltip show. */
export interface UsageSeries {
  name: string;
  label: string;
  color: string;
}

/** One bar: the day (ISO date) and each key's requests that day. */
export type UsageRow = { day: string } & Record<string, number | string>;

export interface UsageChartData {
  rows: UsageRow[];
  series: UsageSeries[];
  peak: number;
}

/**
 * The month's days as stacked bars, one series per key that made a request this month, in the
 * order of the keys list (a key no longer listed last), so that colours stay put between loads.
 */
export function usageChartData(days: UsageDay[], keys: ApiKeyView[]): UsageChartData {
  const names = new Map(keys.map((key) => [key.id, key.name]));
  const listed = (id: string) => {
    const index = keys.findIndex((key) => key.id === id);
    return index === -1 ? keys.length : index;
  };
  const keyIds = [...new Set(days.flatMap((day) => Object.keys(day.byKey)))].sort(
    (a, b) => listed(a) - listed(b),
  );
  return {
    rows: days.map((day) => ({
      day: day.day,
      ...Object.fromEntries(keyIds.map((id) => [id, day.byKey[id] ?? 0])),
    })),
    series: keyIds.map((id, index) => ({
      name: id,
      label: names.get(id) ?? DELETED_KEY_LABEL,
      color: KEY_COLORS[index % KEY_COLORS.length],
    })),
    peak: Math.max(0, ...days.map((day) => day.total)),
  };
}

/** "26" for 2026-11-26: the axis of a month needs only the day. */
export function dayOfMonth(isoDay: string): string {
  return String(Number(isoDay.slice(8, 10)));
}

/** "November 26, 2026", as the API Limits panel writes dates. */
export function longDate(isoDay: string): string {
  return formatIsoDay(isoDay);
}

export { formatCount };
