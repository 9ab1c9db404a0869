import { GENERATED_CRYPTO, GENERATED_FIAT } from './catalogue-data.generated';
import type { Currency } from './currency';

const fiat = (code: string, name: string, symbol: string, flag: string): Currency => ({
  code,
  name,
  symbol,
  flag,
  type: 'fiat',
  featured: true,
});
const crypto = (code: string, name: string, symbol: string, icon?: string): Currency => ({
  code,
  name,
  symbol,
  icon,
  type: 'crypto',
  featured: true,
});

/** The spec's featured fiat currencies, in the order shown. */
export const FEATURED_FIAT: readonly Currency[] = [
  fiat('USD', 'US Dollar', '$', '🇺🇸'),
  fiat('EUR', 'Euro', '€', '🇪🇺'),
  fiat('GBP', 'British Pound', '£', '🇬🇧'),
  fiat('AUD', 'Australian Dollar', 'A$', '🇦🇺'),
  fiat('CAD', 'Canadian Dollar', 'C$', '🇨🇦'),
  fiat('CHF', 'Swiss Franc', 'CHF', '🇨🇭'),
  fiat('CNY', 'Chinese Yuan', '¥', '🇨🇳'),
  fiat('NZD', 'New Zealand Dollar', 'NZ$', '🇳🇿'),
  fiat('ZAR', 'South African Rand', 'R', '🇿🇦'),
  fiat('SGD', 'Singapore Dollar', 'S$', '🇸🇬'),
  fiat('HKD', 'Hong Kong Dollar', 'HK$', '🇭🇰'),
  fiat('SEK', 'Swedish Krona', 'kr', '🇸🇪'),
  fiat('NOK', 'Norwegian Krone', 'kr', '🇳🇴'),
  fiat('INR', 'Indian Rupee', '₹', '🇮🇳'),
];

/** The spec's featured crypto assets, with a text glyph as icon where the asset has one. */
export const FEATURED_CRYPTO: readonly Currency[] = [
  crypto('BTC', 'Bitcoin', '₿', '₿'),
  crypto('ETH', 'Ethereum', 'Ξ', 'Ξ'),
  crypto('SOL', 'Solana', '◎', '◎'),
  crypto('BNB', 'BNB', 'BNB'),
  crypto('ADA', 'Cardano', '₳', '₳'),
  crypto('XRP', 'XRP', 'XRP', '✕'),
  crypto('DOT', 'Polkadot', 'DOT', '●'),
  crypto('DOGE', 'Dogecoin', 'Ð', 'Ð'),
  crypto('AVAX', 'Avalanche', 'AVAX'),
  crypto('MATIC', 'Polygon', 'MATIC'),
  crypto('LINK', 'Chainlink', 'LINK'),
  crypto('UNI', 'Uniswap', 'UNI', '🦄'),
  crypto('ATOM', 'Cosmos', 'ATOM', '⚛'),
  crypto('LTC', 'Litecoin', 'Ł', 'Ł'),
  crypto('USDT', 'Tether', '₮', '₮'),
];

const generatedFiat = new Map(GENERATED_FIAT.map((c) => [c.code, c]));
const generatedCrypto = new Map(GENERATED_CRYPTO.map((c) => [c.code, c]));
const featuredCodes = new Set([...FEATURED_FIAT, ...FEATURED_CRYPTO].map((c) => c.code));

/** Every fiat currency: the spec's featured ones first, as the spec names them, then the rest by code. */
export const FIAT: readonly Currency[] = [
  ...FEATURED_FIAT.map((c) => {
    const generated = generatedFiat.get(c.code);
    const flagFile = generated?.flagFile;
    return { ...c, minorUnits: generated?.minorUnits ?? 2, ...(flagFile ? { flagFile } : {}) };
  }),
  ...GENERATED_FIAT.filter((c) => !featuredCodes.has(c.code)).map((c): Currency => ({
    ...c,
    type: 'fiat',
    featured: false,
  })),
];

/** Every crypto asset: the spec's featured ones first, then the rest by code. */
export const CRYPTO: readonly Currency[] = [
  ...FEATURED_CRYPTO.map((c) => {
    const iconFile = generatedCrypto.get(c.code)?.iconFile;
    return iconFile ? { ...c, iconFile } : c;
  }),
  ...GENERATED_CRYPTO.filter((c) => !featuredCodes.has(c.code)).map((c): Currency => ({
    ...c,
    symbol: c.code,
    type: 'crypto',
    featured: false,
  })),
];

const metal = (code: string, name: string): Currency => ({
  code,
  name,
  // ISO 4217 gives metals no sign; "oz t" (troy ounce) is the unit their price is per.
  symbol: 'oz t',
  type: 'metal',
  iconFile: `${code.toLowerCase()}.svg`,
  featured: false,
});

/**
 * The precious metals of ISO 4217, each priced per troy ounce (31.1034768 g). Tokenised gold (PAXG,
 * XAUT) is a crypto asset of its own, never one of these.
 */
export const METALS: readonly Currency[] = [
  metal('XAU', 'Gold (troy ounce)'),
  metal('XAG', 'Silver (troy ounce)'),
  metal('XPT', 'Platinum (troy ounce)'),
  metal('XPD', 'Palladium (troy ounce)'),
];

/** Fiat first, then crypto, then metals: the order pickers and /api/v1/currencies list them in. */
export const CURRENCIES: readonly Currency[] = [...FIAT, ...CRYPTO, ...METALS];

const byCode = new Map(CURRENCIES.map((c) => [c.code, c]));

export function findCurrency(code: string): Currency | undefined {
  return byCode.get(code.toUpperCase());
}

export function isCrypto(code: string): boolean {
  return findCurrency(code)?.type === 'crypto';
}

export function isMetal(code: string): boolean {
  return findCurrency(code)?.type === 'metal';
}

export const DEFAULT_FROM = 'USD';
export const DEFAULT_TO = 'EUR';
