/** Every rates provider the system can ingest from, in the order their values are preferred on a tie. */
export const RATE_PROVIDER_IDS = [
  'ecb',
  'frankfurter',
  'oxr',
  'coinbase',
  'binance',
  'coingecko',
  'bundled-snapshot',
] as const;

export type RateProviderId = (typeof RATE_PROVIDER_IDS)[number];

export type RateProviderKind = 'fiat' | 'crypto' | 'snapshot';

export const RATE_PROVIDER_KINDS: Record<RateProviderId, RateProviderKind> = {
  ecb: 'fiat',
  frankfurter: 'fiat',
  oxr: 'fiat',
  coinbase: 'crypto',
  binance: 'crypto',
  coingecko: 'crypto',
  'bundled-snapshot': 'snapshot',
};

export function isRateProviderId(value: string): value is RateProviderId {
  return (RATE_PROVIDER_IDS as readonly string[]).includes(value);
}

/** Each provider as the status page names it. */
export const RATE_PROVIDER_NAMES: Record<RateProviderId, string> = {
  ecb: 'ECB daily reference rates',
  frankfurter: 'Frankfurter',
  oxr: 'Open Exchange Rates',
  coinbase: 'Coinbase Exchange',
  binance: 'Binance',
  coingecko: 'CoinGecko',
  'bundled-snapshot': 'Bundled snapshot',
};
