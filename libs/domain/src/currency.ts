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
  /** One of the spec's featured currencies, listed first. */
  featured: boolean;
}

/** The option label of the currency pickers: "{flag} {symbol} - {name}" (spec §2). */
export function currencyLabel(currency: Currency): string {
  const mark = currency.flag ?? currency.icon ?? '🪙';
  return `${mark} ${currency.code} - ${currency.name}`;
}
