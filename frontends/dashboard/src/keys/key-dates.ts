import { formatDateTime, isoDay } from '@fxrates/web-kit';

/**
 * An instant of a key's life as the keys table writes it, "December 2, 2026, 14:00 UTC": the
 * product's one format (formatDateTime), in UTC as the API keeps time.
 */
export function formatKeyInstant(iso: string): string {
  return formatDateTime(iso);
}

/** The UTC day of an instant as a date field holds it, "2026-12-02". */
export function utcDayOf(instant: string | Date): string {
  return isoDay(instant);
}

/**
 * The expiry a date field stands for: the key stops working as that day begins, at 00:00 UTC (the
 * form says so beside the field). Empty: no expiry.
 */
export function expiresAtOf(day: string): string | null {
  return day === '' ? null : `${day}T00:00:00.000Z`;
}
