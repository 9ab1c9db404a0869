import { RateDecimal } from './decimal';
import type { RatesTable } from './rates-table';

export class RateUnavailableError extends Error {
  constructor(readonly currency: string) {
    super(`No rate is available for ${currency}`);
    this.name = 'RateUnavailableError';
  }
}

export interface Conversion {
  /** Units of `to` per 1 unit of `from`, unrounded (40 significant digits). */
  rate: RateDecimal;
  /** amount × rate, rounded half-even to `decimals` places, the only rounding step. */
  result: RateDecimal;
}

/** The cross rate through the USD pivot: to/USD ÷ from/USD. A missing side is an error, never 1. */
export function crossRate(table: Pick<RatesTable, 'perUsd'>, from: string, to: string): RateDecimal {
  const fromPerUsd = from === 'USD' ? new RateDecimal(1) : table.perUsd.get(from);
  if (!fromPerUsd) throw new RateUnavailableError(from);
  const toPerUsd = to === 'USD' ? new RateDecimal(1) : table.perUsd.get(to);
  if (!toPerUsd) throw new RateUnavailableError(to);
  return toPerUsd.div(fromPerUsd);
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
  return { rate, result };
}

/** Rates are shown with 10 significant digits: enough for any pair, from VES→BTC to BTC→VES. */
export function displayRate(rate: RateDecimal): RateDecimal {
  return rate.toSignificantDigits(10, RateDecimal.ROUND_HALF_EVEN);
}
