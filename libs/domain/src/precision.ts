import { isCrypto, isMetal } from './catalogue';

export const FIAT_DECIMALS = 4;
export const CRYPTO_DECIMALS = 8;
/**
 * A metal side gets 8 decimals too: a troy ounce of gold is worth thousands of dollars, so 1 USD is
 * about 0.00024 oz t of gold, which 4 decimals would round to 2 significant digits (or to 0 for
 * 1 USD in palladium kilograms).
 */
export const METAL_DECIMALS = 8;
/** The typed amount is always shown with 4 decimals. */
export const AMOUNT_DISPLAY_DECIMALS = 4;

/**
 * Result precision: 4 decimals when both sides are fiat, 8 when either side is crypto or
 * a metal.
 */
export function resultDecimals(from: string, to: string): number {
  if (isCrypto(from) || isCrypto(to)) return CRYPTO_DECIMALS;
  return isMetal(from) || isMetal(to) ? METAL_DECIMALS : FIAT_DECIMALS;
}
