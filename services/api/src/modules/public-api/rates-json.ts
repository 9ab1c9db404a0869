import { PLANS, type PlanId } from '@fxrates/domain';
import {
  assessFreshness,
  summarizeProvenance,
  type ProvenanceSummary,
  type RatesTable,
} from '@fxrates/rates';

export { withRates } from '../rates/with-rates';

const summaries = new WeakMap<RatesTable, Map<string, ProvenanceSummary>>();

/**
 * `"timestamp":…,"date":…,"source":…,"stale":…,"marketClosed":…` for the currencies of one answer:
 * every source involved, the oldest value's time, and whether it keeps the caller's plan's freshness
 * promise. The summary is computed once per table and `key`; only the freshness depends on the clock.
 */
export function provenanceJson(
  table: RatesTable,
  key: string,
  codes: () => Iterable<string>,
  plan: PlanId,
  now: number,
): string {
  let cache = summaries.get(table);
  if (!cache) summaries.set(table, (cache = new Map()));
  let summary = cache.get(key);
  if (!summary) {
    summary = summarizeProvenance(table, codes());
    if (cache.size >= FRAGMENTS_PER_TABLE) cache.clear();
    cache.set(key, summary);
  }
  const { stale, marketClosed } = assessFreshness(summary.origins, PLANS[plan].freshnessMs, now);
  return (
    `"timestamp":"${summary.timestamp}","date":"${summary.date}","source":${JSON.stringify(summary.source)},` +
    `"stale":${stale},"marketClosed":${marketClosed}`
  );
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
