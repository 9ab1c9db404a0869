import type { UsageBreakdown } from '@fxrates/domain';

/** What the CSV names a key with no row any more (purged after being disabled long): as the dashboard does. */
export const DELETED_KEY_NAME = 'Deleted key';

export const USAGE_BREAKDOWN_CSV_HEADER = 'day,key_id,key_name,endpoint,status_class,calls';

/**
 * A text field as a spreadsheet reads it as text: one starting with what a spreadsheet takes for a
 * formula (= + - @, or a tab or carriage return before one) gets a leading apostrophe; one holding a
 * comma, quote or line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvText(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The breakdown as CSV (RFC 4180, CRLF line ends): the header, then one line per row, in its order. */
export function usageBreakdownCsv(breakdown: UsageBreakdown): string {
  const names = new Map(breakdown.keys.map((key) => [key.id, key.name]));
  const lines = [USAGE_BREAKDOWN_CSV_HEADER];
  for (const row of breakdown.rows) {
    lines.push(
      [
        row.day,
        row.keyId,
        csvText(names.get(row.keyId) ?? DELETED_KEY_NAME),
        csvText(row.endpoint),
        row.statusClass,
        String(row.calls),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The download's file name: fxrates-usage-2026-11-01-to-2026-11-30.csv. */
export const usageBreakdownCsvName = ({ from, to }: { from: string; to: string }): string =>
  `fxrates-usage-${from}-to-${to}.csv`;
