import {
  createRatesTable,
  loadBundledSnapshot,
  RateDecimal,
  RatesStore,
  type RatesTable,
} from '@fxrates/rates';
import type { TestApp } from '../test-app';

/**
 * Publishes, as the worker's ingest does (stored, then announced on `rates:changed`), the bundled
 * snapshot with `moves` (currency → rate per USD), every rate from `source` at `at`.
 */
export async function publishRates(
  t: TestApp,
  moves: Record<string, string>,
  source: string,
  at: Date,
): Promise<RatesTable> {
  const perUsd = new Map(loadBundledSnapshot().perUsd);
  for (const [code, rate] of Object.entries(moves)) perUsd.set(code, new RateDecimal(rate));
  const timestamp = at.toISOString();
  const table = createRatesTable({ source, date: timestamp.slice(0, 10), timestamp, perUsd });
  await new RatesStore(t.redis, t.config.redis.keyPrefix).publish(table);
  return table;
}
