import { RateDecimal } from './decimal';
import { crossRate } from './cross-rate';
import { pairRateText } from './pair-rates';
import type { RatesTable } from './rates-table';

export { crossRate, displayRate, RateUnavailableError } from './cross-rate';

export interface Conversion {
  /** Units of `to` per 1 unit of `from`, unrounded (40 significant digits). */
  rate: RateDecimal;
  /** The rate as answers show it: `displayRate(rate).toString()`. */
  rateText: string;
  /** amount × rate, rounded half-even to `decimals` places, the only rounding step. */
  result: RateDecimal;
}

export function convert(
  table: RatesTable,
  from: string,
  to: string,
  amount: RateDecimal,
  decimals: number,
): Conversion {
  const rate = crossRate(table, from, to);
  const result = amount.mul(rate).toDecimalPlaces(decimals, RateDecimal.ROUND_HALF_EVEN);
  return { rate, rateText: pairRateText(table, from, to), result };
}
