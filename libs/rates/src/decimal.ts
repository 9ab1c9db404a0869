import Decimal from 'decimal.js';

/**
 * The one Decimal flavour used for rates: 40 significant digits for intermediate results,
 * half-even rounding, plain (non-exponential) notation across the ranges rates and amounts take.
 */
export const RateDecimal = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -30,
  toExpPos: 40,
});
export type RateDecimal = InstanceType<typeof RateDecimal>;
