const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * An instant of a key's life as the keys table writes it, "2 Dec 2026, 14:00 UTC": in UTC, as the
 * API keeps time, and spelled out here rather than by Intl, whose month names differ between
 * browsers ("Sep", "Sept").
 */
export function formatKeyInstant(iso: string): string {
  const date = new Date(iso);
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `${day}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}

/** The UTC day of an instant as a date field holds it, "2026-12-02". */
export function utcDayOf(instant: string | Date): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * The expiry a date field stands for: the key stops working as that day begins, at 00:00 UTC (the
 * form says so beside the field). Empty: no expiry.
 */
export function expiresAtOf(day: string): string | null {
  return day === '' ? null : `${day}T00:00:00.000Z`;
}
