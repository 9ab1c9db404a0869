import { isCrypto } from './catalogue';

export const FIAT_DECIMALS = 4;
export const CRYPTO_DECIMALS = 8;
/** The typed amount is always shown with 4 decimals (spec §9). */
export const AMOUNT_DISPLAY_DECIMALS = 4;

/** Result precision: 4 decimals when both sides are fiat, 8 when either side is crypto (spec §9). */
export function resultDecimals(from: string, to: string): number {
  return isCrypto(from) || isCrypto(to) ? CRYPTO_DECIMALS : FIAT_DECIMALS;
}
