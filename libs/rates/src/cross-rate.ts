import { RateDecimal } from './decimal';
import type { RatesTable } from './rates-table';

export class RateUnavailableError extends Error {
  constructor(readonly currency: string) {
    super(`No rate is available for ${currency}`);
    this.name = 'RateUnavailableError';
  }
}

/** The cross rate through the USD pivot: to/USD ÷ from/USD. A missing side is an error, never 1. */
export function crossRate(table: Pick<RatesTable, 'perUsd'>, from: string, to: string): RateDecimal {
  const fromPerUsd = from === 'USD' ? new RateDecimal(1) : table.perUsd.get(from);
  if (!fromPerUsd) throw new RateUnavailableError(from);
  const toPerUsd = to === 'USD' ? new RateDecimal(1) : table.perUsd.get(to);
  if (!toPerUsd) throw new RateUnavailableError(to);
  return toPerUsd.div(fromPerUsd);
}

/** Rates are shown with 10 significant digits: enough for any pair, from VES→BTC to BTC→VES. */
export function displayRate(rate: RateDecimal): RateDecimal {
  return rate.toSignificantDigits(10, RateDecimal.ROUND_HALF_EVEN);
}
