import { LRUCache } from 'lru-cache';
import { crossRate, displayRate, RateUnavailableError, type RateDecimal } from '@fxrates/rates';
import { planAllowsCurrency, type PlanId } from '@fxrates/domain';
import { noCloseFor } from './no-close';
import type { DailyClose, RateHistory } from './rate-history';

/** Close times by day: a year is ~260 days, so this holds every day since the ECB began. */
const timestamps = new LRUCache<string, string>({ max: 20_000 });
const BERLIN = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' });

/** The ECB publishes its reference rates at about 16:00 Central European Time. */
export function closeTimestamp(day: string): string {
  let timestamp = timestamps.get(day);
  if (timestamp === undefined) timestamps.set(day, (timestamp = computeCloseTimestamp(day)));
  return timestamp;
}

function computeCloseTimestamp(day: string): string {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const offset = BERLIN.formatToParts(noonUtc).find((part) => part.type === 'timeZoneName')?.value; // "GMT+1" or "GMT+2"
  const hours = Number(offset?.replace('GMT', '') || 1);
  return new Date(Date.parse(`${day}T16:00:00Z`) - hours * 3_600_000).toISOString();
}

/** Sources whose daily close is the 00:00 UTC end of a trading day (every day), not a fix. */
const EXCHANGES = new Set(['binance', 'coinbase', 'coingecko']);

/**
 * When the closes of `day` from `sources` were final: the exchanges' at the next 00:00 UTC (never
 * later than `now`: today's value is the latest intraday one), any other's at the ECB's fix time
 * (closeTimestamp), the earlier one when they mix.
 */
export function closeTimestampOf(day: string, sources: readonly string[], now = Date.now()): string {
  if (sources.length === 0 || !sources.every((source) => EXCHANGES.has(source))) return closeTimestamp(day);
  const midnight = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  return new Date(Math.min(midnight, now)).toISOString();
}

/** The symbols to answer with: those asked for, or every currency of the close the plan includes. */
export function symbolsFor(
  close: DailyClose,
  base: string,
  requested: string[] | undefined,
  plan: PlanId,
): string[] {
  return (
    requested ??
    [...close.perUsd.keys(), 'USD'].filter((code) => code !== base && planAllowsCurrency(plan, code)).sort()
  );
}

/**
 * 404 `history-unavailable` naming the first of `codes` (the base, then the symbols) without a close
 * in `close` (on `day` or the week before), and the range we hold of it.
 */
export async function assertClosesHeld(
  history: RateHistory,
  close: DailyClose,
  day: string,
  codes: readonly string[],
): Promise<void> {
  const without = codes.find((code) => code !== 'USD' && !close.perUsd.has(code));
  if (without !== undefined) throw await history.unavailable(without, day);
}

/** base→code on a close (checked by assertClosesHeld first; a 404 without the range held otherwise). */
export function closeRate(close: DailyClose, base: string, code: string): RateDecimal {
  try {
    return crossRate(close, base, code);
  } catch (error) {
    if (error instanceof RateUnavailableError) throw noCloseFor(error.currency, close.day, null);
    throw error;
  }
}

/**
 * The close each currency of an answer comes from (the base unless USD, then the symbols), by code,
 * and the sources used, in the order of precedence.
 */
export function closeSources(
  close: DailyClose,
  codes: readonly string[],
): { closes: Map<string, { source: string; day: string }>; used: Set<string>; oldest: string | undefined } {
  const used = new Set<string>();
  const closes = new Map<string, { source: string; day: string }>();
  let oldest: string | undefined;
  for (const code of codes) {
    const held = close.closes.get(code);
    if (code === 'USD' || !held || closes.has(code)) continue;
    used.add(held.source);
    if (oldest === undefined || held.day < oldest) oldest = held.day;
    closes.set(code, held);
  }
  return { closes, used, oldest };
}

/** EUR → 0.9, GBP → 0.8: the displayed rate of each symbol per 1 `base` on one close. */
export function closeRates(close: DailyClose, base: string, symbols: readonly string[]): Map<string, string> {
  const rates = new Map<string, string>();
  for (const code of symbols) rates.set(code, displayRate(closeRate(close, base, code)).toString());
  return rates;
}
