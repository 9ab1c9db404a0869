import type { RateProviderId } from './rate-sources';

/**
 * How a source publishes, which decides when a publication is due:
 * - `business-days`: once a day on its calendar's business days, at `publishesAt` (the ECB's fix);
 * - `periodic`: every `everySeconds`, whatever the day;
 * - `continuous`: a market that moves all the time: a publication is due at every poll of ours;
 * - `fixed`: never again (the bundled snapshot).
 */
export type PublishPattern = 'business-days' | 'periodic' | 'continuous' | 'fixed';

/** A publishing calendar by name (libs/rates holds the days): TARGET2's, or the FX week (no weekends). */
export type PublishCalendarName = 'target' | 'fx-week';

export interface SourceCadence {
  pattern: PublishPattern;
  /** Seconds between two publications: a day for daily sources, null when continuous or fixed. */
  everySeconds: number | null;
  /** `business-days` only: the calendar whose business days it publishes on. */
  calendar?: PublishCalendarName;
  /** `business-days` only: the local time and zone of a day's publication, e.g. 16:00 Europe/Berlin. */
  publishesAt?: { hour: number; minute: number; timeZone: string };
  /** How late a publication may be before it counts as missed, in seconds (the source's own jitter). */
  graceSeconds: number;
  /** The cadence in words, as the status page shows it. */
  summary: string;
  /** How a rate of this source is named beside its time ("ECB reference rate · 28 Nov 2026 16:00 CET"). */
  label: string;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
const ECB_FIX = { hour: 16, minute: 0, timeZone: 'Europe/Berlin' } as const;

/**
 * Every source's publish cadence. `satisfies` makes a source without a cadence a compile error; the
 * entries of sources not (yet) in RATE_PROVIDER_IDS are kept for when they are.
 */
const CADENCES = {
  ecb: {
    pattern: 'business-days',
    everySeconds: DAY,
    calendar: 'target',
    publishesAt: ECB_FIX,
    graceSeconds: 2 * HOUR,
    summary: 'Daily on TARGET business days, about 16:00 CET',
    label: 'ECB reference rate',
  },
  frankfurter: {
    pattern: 'business-days',
    everySeconds: DAY,
    calendar: 'target',
    publishesAt: ECB_FIX,
    graceSeconds: 3 * HOUR,
    summary: 'Daily on business days, after the central banks it republishes (ECB: about 16:00 CET)',
    label: 'Frankfurter',
  },
  oxr: {
    pattern: 'periodic',
    everySeconds: HOUR,
    graceSeconds: 15 * 60,
    summary: 'Hourly',
    label: 'Open Exchange Rates',
  },
  coinbase: {
    pattern: 'continuous',
    everySeconds: null,
    graceSeconds: 60,
    summary: 'Continuous (exchange tickers)',
    label: 'Coinbase',
  },
  'coinbase-rates': {
    pattern: 'continuous',
    everySeconds: null,
    graceSeconds: 60,
    summary: 'Continuous (polled every minute)',
    label: 'Coinbase',
  },
  binance: {
    pattern: 'continuous',
    everySeconds: null,
    graceSeconds: 60,
    summary: 'Continuous (exchange tickers)',
    label: 'Binance',
  },
  coingecko: {
    pattern: 'periodic',
    everySeconds: 60,
    graceSeconds: 60,
    summary: 'About every minute',
    label: 'CoinGecko',
  },
  'open-er-api': {
    pattern: 'periodic',
    everySeconds: DAY,
    graceSeconds: 2 * HOUR,
    summary: 'Daily',
    label: 'ExchangeRate-API (open access)',
  },
  'bundled-snapshot': {
    pattern: 'fixed',
    everySeconds: null,
    graceSeconds: 0,
    summary: 'Fixed: a snapshot shipped with the release, never updated',
    label: 'Bundled snapshot',
  },
} satisfies Record<RateProviderId, SourceCadence> & Record<string, SourceCadence>;

export const SOURCE_CADENCES: Readonly<Record<RateProviderId, SourceCadence>> = CADENCES;

/** The cadence of a source named in an answer's `source`, if it is one we know. */
export function sourceCadenceOf(source: string): SourceCadence | undefined {
  return Object.prototype.hasOwnProperty.call(CADENCES, source)
    ? (CADENCES as Record<string, SourceCadence>)[source]
    : undefined;
}
