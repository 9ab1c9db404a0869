import { crossRate, displayRate } from './cross-rate';
import type { RateDecimal } from './decimal';
import type { RatesTable } from './rates-table';

/** One pair's rate in one table: exact and as answers show it. */
export interface PairRate {
  /** Units of `to` per 1 `from` through the USD pivot, unrounded (40 significant digits). */
  readonly exact: RateDecimal;
  /** `displayRate(exact).toString()`: 10 significant digits, plain notation. */
  readonly display: string;
}

/** Per table (dropped with it), per `from`, per `to`: only pairs both of whose rates exist. */
const pairsByTable = new WeakMap<RatesTable, Map<string, Map<string, PairRate>>>();

/**
 * The cross rate of a pair, divided and rounded once per rates table instead of once per call: a
 * varied load asks for any pair with any amount, so answers do not repeat, but the table's pairs
 * (at most its currencies squared, ~80 000 for ~280) do. Throws RateUnavailableError, as crossRate
 * does, for a currency the table lacks; nothing is kept for it.
 */
export function pairRate(table: RatesTable, from: string, to: string): PairRate {
  let byFrom = pairsByTable.get(table);
  if (!byFrom) pairsByTable.set(table, (byFrom = new Map()));
  let pair = byFrom.get(from)?.get(to);
  if (pair === undefined) {
    const exact = crossRate(table, from, to);
    pair = { exact, display: displayRate(exact).toString() };
    let byTo = byFrom.get(from);
    if (!byTo) byFrom.set(from, (byTo = new Map()));
    byTo.set(to, pair);
  }
  return pair;
}
