/** A metal is priced per troy ounce (ISO 4217's XAU, XAG, XPT, XPD); tokenised gold stays crypto. */
export type CurrencyType = 'fiat' | 'crypto' | 'metal';

export interface Currency {
  /** ISO 4217 code for fiat, ticker for crypto, always upper case. */
  code: string;
  name: string;
  type: CurrencyType;
  /** Display symbol, e.g. "$" or "₿". */
  symbol: string;
  /** Flag emoji (fiat), for API clients: the web product shows the SVG of `flagFile` instead. */
  flag?: string;
  /** Text glyph of some crypto assets, for API clients: the web product shows `iconFile` instead. */
  icon?: string;
  /** File name of the flag under /flags/ (fiat, where the flag set has the country's flag). */
  flagFile?: string;
  /** ISO 4217 minor units (fiat): 2 for USD, 0 for JPY, 3 for KWD. None for metals ("N.A." in ISO 4217). */
  minorUnits?: number;
  /**
   * File name of the icon: under /crypto-icons/ for a crypto asset (where the icon package has one),
   * under /metal-icons/ for a metal (our own ingot, frontends/metal-icons).
   */
  iconFile?: string;
  /** One of the spec's featured currencies, listed first. */
  featured: boolean;
}

/**
 * The text of a currency picker's option: "{symbol} - {name}". The spec's "{flag}" before it is an
 * image (see `currencyIconPath`), never an emoji: emoji flags render as boxes on Linux and as
 * letter pairs on Windows.
 */
export function currencyLabel(currency: Currency): string {
  return `${currency.code} - ${currency.name}`;
}

/**
 * The path of the currency's one icon, served as a static SVG file by the shell: the flag of a
 * fiat currency, the logo of a crypto asset, the ingot of a metal, or a neutral icon when the icon
 * sets have neither.
 */
export function currencyIconPath(currency: Currency): string {
  if (currency.type === 'fiat') return `/flags/${currency.flagFile ?? 'generic.svg'}`;
  if (currency.type === 'metal') {
    return currency.iconFile ? `/metal-icons/${currency.iconFile}` : '/crypto-icons/generic.svg';
  }
  return `/crypto-icons/${currency.iconFile ?? 'generic.svg'}`;
}
