import { PLANS, type NumbersFormat, type PlanId } from '@fxrates/domain';
import { LRUCache } from 'lru-cache';
import { compileMembersWriter, type WrittenJson, type WrittenMembers } from '../../common/openapi';
import {
  assessFreshness,
  pairRateText,
  provenanceSummaryOf,
  type ProvenanceSummary,
  type RatesTable,
} from '@fxrates/rates';

import { withRates } from '../current-rates';
import { PROVENANCE } from './public-api.schemas';

export { withRates };

/** EUR → 0.88, GBP → 0.76: the displayed rate of each code per 1 `base`, as /rates/latest gives them. */
export function ratesOf(table: RatesTable, base: string, codes: readonly string[]): Map<string, string> {
  return withRates(() => {
    const rates = new Map<string, string>();
    for (const code of codes) rates.set(code, pairRateText(table, base, code));
    return rates;
  });
}

/** The members of a current-rates answer that say where its rates come from and how fresh they are. */
export interface RatesProvenance {
  timestamp: string;
  date: string;
  source: readonly string[];
  stale: boolean;
  marketClosed: boolean;
}

/**
 * The provenance of the currencies of one answer: every source involved, the oldest value's time,
 * and whether it keeps the caller's plan's freshness promise. The summary is shared by every answer
 * reaching the same origins of a table (see provenanceSummaryOf), and so are its four possible
 * values; only the freshness depends on the clock.
 */
export function provenanceOf(
  table: RatesTable,
  codes: readonly string[],
  plan: PlanId,
  now: number,
): RatesProvenance {
  const { summary, variant } = provenanceVariantOf(table, codes, plan, now);
  return valuesOf(summary)[variant];
}

/** The summary of the codes' origins, and which of its four values holds now: 2 × stale + marketClosed. */
function provenanceVariantOf(table: RatesTable, codes: readonly string[], plan: PlanId, now: number) {
  const summary = provenanceSummaryOf(table, codes);
  const { stale, marketClosed } = assessFreshness(summary.origins, PLANS[plan].freshnessMs, now);
  return { summary, variant: (stale ? 2 : 0) + (marketClosed ? 1 : 0) };
}

/**
 * The provenance members of an answer whose schema spreads PROVENANCE, written by their own writer:
 * the answer's value carries them under `PROVENANCE_WRITER.key` (`{ base, [key]: written, rates }`).
 */
export const PROVENANCE_WRITER = compileMembersWriter(PROVENANCE);

type WrittenProvenance = WrittenMembers<typeof PROVENANCE>;

const written = new WeakMap<ProvenanceSummary, (WrittenProvenance | undefined)[]>();

/**
 * provenanceOf, written: a summary has at most eight texts (stale × marketClosed × numbers format),
 * each written once on first use rather than on every answer.
 */
export function writtenProvenanceOf(
  table: RatesTable,
  codes: readonly string[],
  plan: PlanId,
  now: number,
  numbers: NumbersFormat,
): WrittenProvenance {
  const { summary, variant } = provenanceVariantOf(table, codes, plan, now);
  const index = (numbers === 'string' ? 4 : 0) + variant;
  let texts = written.get(summary);
  if (!texts) written.set(summary, (texts = []));
  return (texts[index] ??= PROVENANCE_WRITER.fragment(valuesOf(summary)[variant], numbers));
}

const values = new WeakMap<ProvenanceSummary, readonly RatesProvenance[]>();

/** The summary's provenance for each (stale, marketClosed), indexed 2 × stale + marketClosed. */
function valuesOf(summary: ProvenanceSummary): readonly RatesProvenance[] {
  let known = values.get(summary);
  if (!known) {
    const { timestamp, date } = summary;
    const source = summary.source.split(',');
    known = [false, true].flatMap((stale) =>
      [false, true].map((marketClosed) => ({ timestamp, date, source, stale, marketClosed })),
    );
    values.set(summary, known);
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

/**
 * A part of an answer written once per rates table and key by the answer's own writer, instead of
 * decimal arithmetic and writing per call.
 */
export const fragmentOf = memoPerTable<WrittenJson>();
