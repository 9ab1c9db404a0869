import type { ConvertResponse } from '@fxrates/domain';

export type RateProvenance = Pick<ConvertResponse, 'source' | 'date' | 'timestamp'> & { stale?: boolean };

const SOURCE_NAMES: Record<string, string> = {
  ecb: 'ECB reference rates',
  frankfurter: 'Frankfurter',
  openexchangerates: 'Open Exchange Rates',
  coingecko: 'CoinGecko',
  binance: 'Binance',
  coinbase: 'Coinbase',
};

/** Fixed English month abbreviations: ICU versions disagree on "Sep" versus "Sept". */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function formatDay(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "2026-09-29" → "29 Sep 2026"; other input is returned unchanged. */
export function formatRateDay(day: string): string {
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? day : formatDay(parsed);
}

function formatInstant(iso: string): string {
  const parsed = new Date(iso);
  if (Number.isNaN(parsed.getTime())) return iso;
  const time = `${String(parsed.getUTCHours()).padStart(2, '0')}:${String(parsed.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatDay(parsed)}, ${time} UTC`;
}

/**
 * Where the numbers come from, in words, e.g. "Demo rates (bundled snapshot) of 29 Sep 2026"
 * or "Rates from CoinGecko as of 29 Sep 2026, 14:05 UTC".
 */
export function describeRateSource(provenance: RateProvenance): string {
  const staleNote = provenance.stale ? ' (delayed)' : '';
  if (provenance.source === 'bundled-snapshot') {
    return `Demo rates (bundled snapshot) of ${formatRateDay(provenance.date)}${staleNote}`;
  }
  const name = SOURCE_NAMES[provenance.source] ?? provenance.source;
  return `Rates from ${name} as of ${formatInstant(provenance.timestamp)}${staleNote}`;
}
