import type { CurrencyType } from './currency';

/** Every rates provider the system can ingest from, in the order their values are preferred on a tie. */
export const RATE_PROVIDER_IDS = [
  'ecb',
  'frankfurter',
  'oxr',
  'coinbase-rates',
  'open-er-api',
  'coinbase',
  'binance',
  'coingecko',
  'bundled-snapshot',
] as const;

export type RateProviderId = (typeof RATE_PROVIDER_IDS)[number];

/** What a source is, as the status page shows it: its main currency type, or the offline fallback. */
export type RateProviderKind = 'fiat' | 'crypto' | 'snapshot';

/**
 * The currency types each source is asked for and may win. Live sources of the same type compete
 * (the newest value wins); the bundled snapshot covers every type but only fills what no live
 * source has. Coinbase's exchange-rates list has crypto too, but crypto is the exchanges' job:
 * there `coinbase-rates` serves fiat only.
 */
export const RATE_PROVIDER_SERVES: Record<RateProviderId, readonly CurrencyType[]> = {
  ecb: ['fiat'],
  frankfurter: ['fiat', 'metal'],
  oxr: ['fiat'],
  'coinbase-rates': ['fiat'],
  'open-er-api': ['fiat'],
  coinbase: ['crypto'],
  binance: ['crypto'],
  coingecko: ['crypto'],
  'bundled-snapshot': ['fiat', 'crypto', 'metal'],
};

/** The offline fallback: fills gaps, never competes with a live value. */
export function isFallbackProvider(id: RateProviderId): boolean {
  return id === 'bundled-snapshot';
}

/**
 * Live sources that only fill what the other live sources lack, before the snapshot does:
 * ExchangeRate-API's open access, whose terms allow attribution-credited display but not
 * redistribution (docs/rates-engine.md, "Sources and terms").
 */
export const LIVE_FALLBACK_PROVIDERS: readonly RateProviderId[] = ['open-er-api'];

/** 0 for a live source, 1 for a live fallback, 2 for the snapshot: a lower tier always wins. */
export function providerTier(id: RateProviderId): 0 | 1 | 2 {
  return isFallbackProvider(id) ? 2 : LIVE_FALLBACK_PROVIDERS.includes(id) ? 1 : 0;
}

/** Whether `id` is asked for, and may serve, currencies of `type`. */
export function providerServes(id: RateProviderId, type: CurrencyType): boolean {
  return RATE_PROVIDER_SERVES[id].includes(type);
}

export const RATE_PROVIDER_KINDS: Record<RateProviderId, RateProviderKind> = Object.fromEntries(
  RATE_PROVIDER_IDS.map((id) => [
    id,
    isFallbackProvider(id) ? 'snapshot' : RATE_PROVIDER_SERVES[id].includes('crypto') ? 'crypto' : 'fiat',
  ]),
) as Record<RateProviderId, RateProviderKind>;

export function isRateProviderId(value: string): value is RateProviderId {
  return (RATE_PROVIDER_IDS as readonly string[]).includes(value);
}

/** Each provider as the status page names it. */
export const RATE_PROVIDER_NAMES: Record<RateProviderId, string> = {
  ecb: 'ECB daily reference rates',
  frankfurter: 'Frankfurter',
  oxr: 'Open Exchange Rates',
  'coinbase-rates': 'Coinbase exchange rates',
  'open-er-api': 'ExchangeRate-API (open access)',
  coinbase: 'Coinbase Exchange',
  binance: 'Binance',
  coingecko: 'CoinGecko',
  'bundled-snapshot': 'Bundled snapshot',
};

/**
 * The credit a source's terms ask for wherever its rates are shown: ExchangeRate-API's open
 * access requires the "Rates By Exchange Rate API" link (docs/rates-engine.md, "Sources and terms").
 */
export const RATE_PROVIDER_ATTRIBUTIONS: Partial<Record<RateProviderId, { text: string; url: string }>> = {
  'open-er-api': { text: 'Rates By Exchange Rate API', url: 'https://www.exchangerate-api.com' },
};

/**
 * What `RATES_PROVIDERS` enables unless set: every live source that needs no key, the bundled
 * snapshot last (it fills what none of them has and serves alone, flagged stale, offline).
 */
export const DEFAULT_RATE_PROVIDERS: readonly RateProviderId[] = RATE_PROVIDER_IDS.filter(
  // Open Exchange Rates needs a paid key: every other source is keyless.
  (id) => id !== 'oxr',
);
