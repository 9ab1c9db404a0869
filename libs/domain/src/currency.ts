export type CurrencyType = 'fiat' | 'crypto';

export interface Currency {
  /** ISO 4217 code for fiat, ticker for crypto, always upper case. */
  code: string;
  name: string;
  type: CurrencyType;
  /** Display symbol, e.g. "$" or "₿". */
  symbol: string;
  /** Flag emoji (fiat). */
  flag?: string;
  /** Text glyph used as the crypto asset's icon where one exists. */
  icon?: string;
  /** ISO 4217 minor units (fiat): 2 for USD, 0 for JPY, 3 for KWD. */
  minorUnits?: number;
  /** File name of the asset's icon under /crypto-icons/ (crypto, where the icon package has one). */
  iconFile?: string;
  /** One of the spec's featured currencies, listed first. */
  featured: boolean;
}

/** The option label of the currency pickers: "{flag} {symbol} - {name}" (spec §2). */
export function currencyLabel(currency: Currency): string {
  const mark = currency.flag ?? currency.icon ?? '🪙';
  return `${mark} ${currency.code} - ${currency.name}`;
}
