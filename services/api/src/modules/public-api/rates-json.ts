import { PLANS, type NumbersFormat, type PlanId } from '@fxrates/domain';
import { LRUCache } from 'lru-cache';
import {
  assessFreshness,
  pairRateText,
  provenanceSummaryOf,
  type ProvenanceSummary,
  type RatesTable,
} from '@fxrates/rates';

import { withRates } from '../current-rates';
import { rateLiteral } from './numbers';

export { withRates };

/** `"EUR":0.88,"GBP":0.76`: the displayed rate of each code per 1 `base`, as /rates/latest writes them. */
export function ratesMembers(
  table: RatesTable,
  base: string,
  codes: readonly string[],
  numbers: NumbersFormat,
): string {
  return withRates(() =>
    codes.map((code) => `"${code}":${rateLiteral(pairRateText(table, base, code), numbers)}`),
  ).join(',');
}

/**
 * `"timestamp":…,"date":…,"source":…,"stale":…,"marketClosed":…` for the currencies of one answer:
 * every source involved, the oldest value's time, and whether it keeps the caller's plan's freshness
 * promise. The summary is shared by every answer reaching the same origins of a table (see
 * provenanceSummaryOf), and so are its four possible texts; only the freshness depends on the clock.
 */
export function provenanceJson(
  table: RatesTable,
  codes: readonly string[],
  plan: PlanId,
  now: number,
): string {
  const summary = provenanceSummaryOf(table, codes);
  const { stale, marketClosed } = assessFreshness(summary.origins, PLANS[plan].freshnessMs, now);
  return textsOf(summary)[(stale ? 2 : 0) + (marketClosed ? 1 : 0)];
}

const texts = new WeakMap<ProvenanceSummary, readonly string[]>();

/** The summary's JSON members for each (stale, marketClosed), indexed 2 × stale + marketClosed. */
function textsOf(summary: ProvenanceSummary): readonly string[] {
  let known = texts.get(summary);
  if (!known) {
    const sources = JSON.stringify(summary.source.split(','));
    const fixed = `"timestamp":"${summary.timestamp}","date":"${summary.date}","source":${sources},`;
    known = [false, true].flatMap((stale) =>
      [false, true].map((marketClosed) => `${fixed}"stale":${stale},"marketClosed":${marketClosed}`),
    );
    texts.set(summary, known);
  }
  return known;
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
