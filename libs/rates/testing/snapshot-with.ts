import { loadBundledSnapshot } from '../src/bundled-snapshot';
import { RateDecimal } from '../src/decimal';
import { createRatesTable, type RatesTable } from '../src/rates-table';

/**
 * The bundled snapshot with `moves` (currency → rate per USD), every rate from `source` at `at`: a
 * table as the worker's ingest would publish it, for tests that move a rate.
 */
export function snapshotWith(moves: Record<string, string>, source: string, at: Date): RatesTable {
  const perUsd = new Map(loadBundledSnapshot().perUsd);
  for (const [code, rate] of Object.entries(moves)) perUsd.set(code, new RateDecimal(rate));
  const timestamp = at.toISOString();
  return createRatesTable({ source, date: timestamp.slice(0, 10), timestamp, perUsd });
}
