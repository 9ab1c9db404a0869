import { GRAMS_PER_TROY_OUNCE, GRAMS_PER_UNIT, isMetal, type MetalUnit } from '@fxrates/domain';
import { RateDecimal } from './decimal';
import { crossRate, displayRate } from './cross-rate';
import { pairRateText } from './pair-rates';
import type { RatesTable } from './rates-table';

export { crossRate, displayRate, RateUnavailableError } from './cross-rate';

export interface Conversion {
  /** Units of `to` per 1 unit of `from`, unrounded (40 significant digits), metals in `unit`. */
  rate: RateDecimal;
  /** The rate as answers show it: `displayRate(rate).toString()`. */
  rateText: string;
  /** amount × rate, rounded half-even to `decimals` places, the only rounding step. */
  result: RateDecimal;
}

const OUNCE_GRAMS = new RateDecimal(GRAMS_PER_TROY_OUNCE);

/**
 * What turns a per-troy-ounce rate into a rate in `unit` on the metal sides, as a fraction kept
 * apart so that it is divided once, at the end: a metal `from` measured in grams is worth
 * 1/31.1034768 of an ounce (× g/unit ÷ g/oz t), a metal `to` counted in grams is 31.1034768 times
 * as many (× g/oz t ÷ g/unit). Between two metals the unit is the same on both sides and cancels.
 * None when nothing changes (troy ounces, or no metal side).
 */
function unitFactor(
  from: string,
  to: string,
  unit: MetalUnit,
): { numerator: RateDecimal; denominator: RateDecimal } | undefined {
  if (unit === 'ozt') return undefined;
  const fromMetal = isMetal(from);
  if (fromMetal === isMetal(to)) return undefined;
  const unitGrams = new RateDecimal(GRAMS_PER_UNIT[unit]);
  return fromMetal
    ? { numerator: unitGrams, denominator: OUNCE_GRAMS }
    : { numerator: OUNCE_GRAMS, denominator: unitGrams };
}

/**
 * Converts `amount` of `from` into `to`. A metal side is measured in `unit` (troy ounces unless
 * said), the only place where the rate is not the table's per-ounce one. `perOunce` is
 * crossRate(table, from, to), given by a caller converting many amounts of one pair (a batch).
 */
export function convert(
  table: RatesTable,
  from: string,
  to: string,
  amount: RateDecimal,
  decimals: number,
  unit: MetalUnit = 'ozt',
  perOunce: RateDecimal = crossRate(table, from, to),
): Conversion {
  const factor = unitFactor(from, to, unit);
  if (!factor) {
    const result = amount.mul(perOunce).toDecimalPlaces(decimals, RateDecimal.ROUND_HALF_EVEN);
    return { rate: perOunce, rateText: pairRateText(table, from, to), result };
  }
  const rate = perOunce.mul(factor.numerator).div(factor.denominator);
  const result = amount
    .mul(perOunce)
    .mul(factor.numerator)
    .div(factor.denominator)
    .toDecimalPlaces(decimals, RateDecimal.ROUND_HALF_EVEN);
  return { rate, rateText: displayRate(rate).toString(), result };
}
