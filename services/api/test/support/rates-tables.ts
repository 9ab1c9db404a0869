import { RatesStore, type RatesTable } from '@fxrates/rates';
import { snapshotWith } from '../../../../libs/rates/testing/snapshot-with';
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
  const table = snapshotWith(moves, source, at);
  await new RatesStore(t.redis, t.config.redis.keyPrefix).publish(table);
  return table;
}
