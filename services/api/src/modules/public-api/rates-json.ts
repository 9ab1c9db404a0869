import { PLANS, type PlanId } from '@fxrates/domain';
import { LRUCache } from 'lru-cache';
import {
  assessFreshness,
  summarizeProvenance,
  type ProvenanceSummary,
  type RatesTable,
} from '@fxrates/rates';

export { withRates } from '../rates/with-rates';

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
  const summary = summaryOf(table, key, () => summarizeProvenance(table, codes()));
  const { stale, marketClosed } = assessFreshness(summary.origins, PLANS[plan].freshnessMs, now);
  return (
    `"timestamp":"${summary.timestamp}","date":"${summary.date}","source":${JSON.stringify(summary.source)},` +
    `"stale":${stale},"marketClosed":${marketClosed}`
  );
}

const ENTRIES_PER_TABLE = 10_000;

/**
 * A memo of values computed once per rates table and key: the numbers only change when a new table
 * is swapped in (and its memo goes with the old table), so popular queries cost a map lookup.
 */
export function memoPerTable<T extends NonNullable<unknown>>(): (
  table: RatesTable,
  key: string,
  compute: () => T,
) => T {
  const byTable = new WeakMap<RatesTable, LRUCache<string, T>>();
  return (table, key, compute) => {
    let memo = byTable.get(table);
    if (!memo) byTable.set(table, (memo = new LRUCache({ max: ENTRIES_PER_TABLE })));
    let value = memo.get(key);
    if (value === undefined) {
      value = compute();
      memo.set(key, value);
    }
    return value;
  };
}

/** A JSON fragment computed once per rates table and key, instead of decimal arithmetic per call. */
export const fragmentOf = memoPerTable<string>();
const summaryOf = memoPerTable<ProvenanceSummary>();
