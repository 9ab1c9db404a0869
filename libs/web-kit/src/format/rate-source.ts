import { sourceCadenceOf, type ConvertResponse } from '@fxrates/domain';
import { formatAge } from './age';
import { formatDateTime, formatIsoDay } from './dates';

export type RateProvenance = Pick<ConvertResponse, 'source' | 'date' | 'timestamp'> & {
  stale?: boolean;
  marketClosed?: boolean;
};

/**
 * Sources that publish on Frankfurt time: their stamp reads in CET/CEST, as they announce it.
 * Frankfurter's rows are stamped at 00:00 UTC of each bank's day (many banks, many zones), so it reads in UTC.
 */
const FRANKFURT_SOURCES = new Set(['ecb']);

/** "2026-09-29" → "September 29, 2026" (the product's one date format); other input is returned unchanged. */
export function formatRateDay(day: string): string {
  return formatIsoDay(day);
}

/**
 * "November 22, 2026, 16:00 CET" in Frankfurt for ECB's sources, "November 22, 2026, 14:05 UTC"
 * otherwise (formatDateTime); input that is not an instant is returned unchanged.
 */
export function formatRateInstant(iso: string, inFrankfurt: boolean): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  if (!inFrankfurt) return formatDateTime(iso);
  // ICU writes Frankfurt's zone as "GMT+1"/"GMT+2" in US English: the ECB announces CET/CEST.
  return formatDateTime(iso, 'Europe/Berlin')
    .replace(/GMT\+1$/, 'CET')
    .replace(/GMT\+2$/, 'CEST');
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
 * Where the numbers come from and when, in words: "ECB reference rate · November 22, 2026, 16:00 CET",
 * "Coinbase · 12 s ago" (a source publishing more than daily reads as an age at `now`),
 * "ECB reference rate and Binance · November 22, 2026, 15:00 UTC · market closed", or for the offline data
 * "Demo rates (bundled snapshot) of September 29, 2026". The time is that of the oldest rate involved;
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
