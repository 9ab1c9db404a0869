/**
 * The product's one way of writing dates and times for people, "December 1, 2026" and
 * "December 1, 2026, 14:05 UTC" (the account page's long form, which the spec asks for), and for
 * machines ISO 8601 ("2026-12-01"). Month names are spelled out here rather than by Intl, whose
 * names and punctuation differ between browsers and ICU versions.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Said where there is no date, or no valid one. */
export const NO_DATE = 'N/A';

type DateInput = string | number | Date | null | undefined;

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  zone: string;
}

function validDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar fields of `date` in `timeZone` (UTC by default; `'local'`: the browser's zone). */
function partsOf(date: Date, timeZone: string): Parts {
  if (timeZone === 'UTC') {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth(),
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      zone: 'UTC',
    };
  }
  const key = timeZone;
  let format = zoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone === 'local' ? undefined : timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    zoneFormats.set(key, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')) - 1,
    day: Number(part('day')),
    hour: Number(part('hour')) % 24,
    minute: Number(part('minute')),
    zone: part('timeZoneName'),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "December 1, 2026" (in UTC unless `timeZone` says otherwise), or "N/A". */
export function formatDate(value: DateInput, timeZone = 'UTC'): string {
  const date = validDate(value);
  if (!date) return NO_DATE;
  const { year, month, day } = partsOf(date, timeZone);
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** "December 1, 2026, 14:05 UTC" (in UTC unless `timeZone` says otherwise), or "N/A". */
export function formatDateTime(value: DateInput, timeZone = 'UTC'): string {
  const date = validDate(value);
  if (!date) return NO_DATE;
  const { year, month, day, hour, minute, zone } = partsOf(date, timeZone);
  return `${MONTHS[month]} ${day}, ${year}, ${pad(hour)}:${pad(minute)} ${zone}`;
}

/** A calendar day "2026-12-01" as people read it: "December 1, 2026" (other input unchanged). */
export function formatIsoDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T00:00:00Z`) : day;
}

/** The UTC day of an instant for machines and date fields: "2026-12-01". */
export function isoDay(value: string | number | Date): string {
  return new Date(value).toISOString().slice(0, 10);
}
