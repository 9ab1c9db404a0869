import { crossRate, displayRate } from './cross-rate';
import type { RatesTable } from './rates-table';

/** Per table (dropped with it), per `from`, per `to`: only pairs both of whose rates exist. */
const textsByTable = new WeakMap<RatesTable, Map<string, Map<string, string>>>();

/**
 * `displayRate(crossRate(table, from, to)).toString()`, divided and rounded once per rates table
 * instead of once per call: a varied load asks for any pair, so answers do not repeat, but the
 * table's pairs do (at most its currencies squared: ~80 000 texts, ~7 MB, for ~280 currencies).
 * Only the text is kept: the exact 40-digit rates would take three times the memory and parsing
 * one back costs about as much as dividing again. Throws RateUnavailableError, as crossRate does,
 * for a currency the table lacks; nothing is kept for it.
 */
export function pairRateText(table: RatesTable, from: string, to: string): string {
  let byFrom = textsByTable.get(table);
  if (!byFrom) textsByTable.set(table, (byFrom = new Map()));
  let text = byFrom.get(from)?.get(to);
  if (text === undefined) {
    text = displayRate(crossRate(table, from, to)).toString();
    let byTo = byFrom.get(from);
    if (!byTo) byFrom.set(from, (byTo = new Map()));
    byTo.set(to, text);
  }
  return text;
}
