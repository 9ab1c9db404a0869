import { sourceCadenceOf, type ConvertResponse } from '@fxrates/domain';
import { formatAge } from './age';

export type RateProvenance = Pick<ConvertResponse, 'source' | 'date' | 'timestamp'> & {
  stale?: boolean;
  marketClosed?: boolean;
};

/**
 * Sources that publish on Frankfurt time: their stamp reads in CET/CEST, as they announce it.
 * Frankfurter's rows are stamped at 00:00 UTC of each bank's day (many banks, many zones), so it reads in UTC.
 */
const FRANKFURT_SOURCES = new Set(['ecb']);

/** Fixed English month abbreviations: ICU versions disagree on "Sep" versus "Sept". */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const frankfurtParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-09-29" → "29 Sep 2026"; other input is returned unchanged. */
export function formatRateDay(day: string): string {
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? day
    : `${parsed.getUTCDate()} ${MONTHS[parsed.getUTCMonth()]} ${parsed.getUTCFullYear()}`;
}

/** "22 Nov 2026 16:00 CET" in Frankfurt for ECB's sources, "22 Nov 2026 14:05 UTC" otherwise. */
export function formatRateInstant(iso: string, inFrankfurt: boolean): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  if (!inFrankfurt) {
    return `${instant.getUTCDate()} ${MONTHS[instant.getUTCMonth()]} ${instant.getUTCFullYear()} ${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())} UTC`;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    frankfurtParts.formatToParts(instant).find((p) => p.type === type)?.value ?? '';
  // ICU writes the zone as "CET"/"CEST" or, with older data, "GMT+1"/"GMT+2".
  const zone = part('timeZoneName').replace('GMT+1', 'CET').replace('GMT+2', 'CEST');
  return `${Number(part('day'))} ${MONTHS[Number(part('month')) - 1]} ${part('year')} ${part('hour')}:${part('minute')} ${zone}`;
}

function listNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A source that publishes more than once a day: its rates' time reads best as an age ("12 s ago"). */
export function isIntradaySource(source: string): boolean {
  const cadence = sourceCadenceOf(source);
  if (!cadence) return false;
  return (
    cadence.pattern === 'continuous' ||
    (cadence.pattern === 'periodic' && (cadence.everySeconds ?? 0) < 86_400)
  );
}

/** "12 s ago", "3 min ago"; "just now" under a second (or a clock a little ahead of the server's). */
function formatAgo(iso: string, now: number): string {
  const seconds = (now - Date.parse(iso)) / 1000;
  if (Number.isNaN(seconds)) return iso;
  return seconds < 1 ? 'just now' : `${formatAge(seconds)} ago`;
}

/**
 * Where the numbers come from and when, in words: "ECB reference rate · 22 Nov 2026 16:00 CET",
 * "Coinbase · 12 s ago" (a source publishing more than daily reads as an age at `now`),
 * "ECB reference rate and Binance · 22 Nov 2026 15:00 UTC · market closed", or for the offline data
 * "Demo rates (bundled snapshot) of 29 Sep 2026". The time is that of the oldest rate involved;
 * "delayed" says it is older than the converter's promise (24 hours) while its market is open, "market
 * closed" that it is its source's last publication before a weekend or holiday.
 */
export function describeRateSource(provenance: RateProvenance, now: number = Date.now()): string {
  const note = provenance.stale ? ' · delayed' : provenance.marketClosed ? ' · market closed' : '';
  const sources = provenance.source.split(',').filter(Boolean);
  if (sources.length === 1 && sources[0] === 'bundled-snapshot') {
    // "Demo rates" already says they are not live: no "delayed".
    return `Demo rates (bundled snapshot) of ${formatRateDay(provenance.date)}`;
  }
  const names = sources.map((id) =>
    id === 'bundled-snapshot' ? 'the bundled snapshot' : (sourceCadenceOf(id)?.label ?? id),
  );
  const when = sources.every(isIntradaySource)
    ? formatAgo(provenance.timestamp, now)
    : formatRateInstant(
        provenance.timestamp,
        sources.every((id) => FRANKFURT_SOURCES.has(id)),
      );
  return `${listNames(names)} · ${when}${note}`;
}
