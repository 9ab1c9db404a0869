import { originKeyOf, summarizeProvenance, type ProvenanceSummary } from './freshness';
import type { RatesTable } from './rates-table';

/**
 * A sequence of distinct origins is packed into one number (base count + 1), which stays an exact
 * integer up to this many origins; tables with more are summarized per call.
 */
const MAX_INDEXED_ORIGINS = 12;
/** Summaries kept per table before starting afresh (sequences of a few origins: far fewer in practice). */
const SUMMARIES_PER_TABLE = 10_000;

interface TableOrigins {
  /** Each currency's origin as a small index; USD, the pivot, has none. */
  originOf: ReadonlyMap<string, number>;
  count: number;
  /** By the sequence of distinct origin indices in the order the codes first reach them. */
  summaries: Map<number, ProvenanceSummary>;
}

const originsByTable = new WeakMap<RatesTable, TableOrigins>();

function originsOf(table: RatesTable): TableOrigins {
  let origins = originsByTable.get(table);
  if (!origins) {
    // The same (source, timestamp, day) triple is one origin (a metal's apart), as summarizeProvenance counts it.
    const indexOfTriple = new Map<string, number>();
    const originOf = new Map<string, number>();
    for (const [code, origin] of table.provenance) {
      const triple = originKeyOf(code, origin);
      let index = indexOfTriple.get(triple);
      if (index === undefined) indexOfTriple.set(triple, (index = indexOfTriple.size));
      originOf.set(code, index);
    }
    origins = { originOf, count: indexOfTriple.size, summaries: new Map() };
    originsByTable.set(table, origins);
  }
  return origins;
}

/**
 * `summarizeProvenance(table, codes)`, computed once per table and sequence of distinct origins the
 * codes reach. The summary depends on nothing else (its sources are listed in that order), and a
 * table has a handful of origins while the currencies of answers seldom repeat (any base, any
 * symbols): a memo by the codes themselves would miss on almost every call.
 */
export function provenanceSummaryOf(table: RatesTable, codes: readonly string[]): ProvenanceSummary {
  const { originOf, count, summaries } = originsOf(table);
  if (count > MAX_INDEXED_ORIGINS) return summarizeProvenance(table, codes);
  let sequence = 0;
  let seen = 0;
  for (const code of codes) {
    const index = originOf.get(code);
    if (index === undefined || seen & (1 << index)) continue;
    seen |= 1 << index;
    sequence = sequence * (count + 1) + index + 1;
  }
  let summary = summaries.get(sequence);
  if (summary === undefined) {
    summary = summarizeProvenance(table, codes);
    if (summaries.size >= SUMMARIES_PER_TABLE) summaries.clear();
    summaries.set(sequence, summary);
  }
  return summary;
}
