import { PLANS, type PlanId } from '@fxrates/domain';
import type { RatesTable } from '@fxrates/rates';

export { withRates } from '../rates/with-rates';

/** `"timestamp":…,"date":…,"source":…,"stale":…`: where the numbers come from and how fresh they are. */
export function provenanceJson(table: RatesTable, plan: PlanId, now: number): string {
  const stale = now - Date.parse(table.timestamp) > PLANS[plan].freshnessMs;
  return `"timestamp":"${table.timestamp}","date":"${table.date}","source":${JSON.stringify(table.source)},"stale":${stale}`;
}

const FRAGMENTS_PER_TABLE = 10_000;
const fragments = new WeakMap<RatesTable, Map<string, string>>();

/**
 * A JSON fragment computed once per rates table: the numbers only change when a new table is
 * swapped in, so popular queries cost a map lookup instead of decimal arithmetic.
 */
export function fragmentOf(table: RatesTable, key: string, compute: () => string): string {
  let cache = fragments.get(table);
  if (!cache) fragments.set(table, (cache = new Map()));
  let fragment = cache.get(key);
  if (fragment === undefined) {
    fragment = compute();
    if (cache.size >= FRAGMENTS_PER_TABLE) cache.clear();
    cache.set(key, fragment);
  }
  return fragment;
}
