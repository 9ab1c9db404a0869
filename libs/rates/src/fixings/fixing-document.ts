import canonicalize from 'canonicalize';
import type { RatesTable, RateProvenance } from '../rates-table';

/** What every fixing says of its publisher: they are ours, never a licensed benchmark's. */
export const FIXING_PUBLISHER = 'FXRates fixings';

/** Where one currency's rate of a fixing came from (the table's provenance, as stored). */
export interface FixingDocumentProvenance {
  source: string;
  /** ISO 8601 instant the source published the value. */
  timestamp: string;
  /** Day the value belongs to, YYYY-MM-DD. */
  date: string;
}

/** The signed document of a fixing: its canonical JSON (RFC 8785) is what the JWS signs. */
export interface FixingDocument {
  id: string;
  cut: string;
  /** The cut's local day, YYYY-MM-DD. */
  date: string;
  /** ISO 8601 instant of the cut. */
  cutAt: string;
  base: 'USD';
  /** Units of each currency per 1 USD, exact decimal strings. */
  rates: Record<string, string>;
  provenance: Record<string, FixingDocumentProvenance>;
  tableVersion: string;
  /** ISO 8601 instant the fixing was frozen. */
  frozenAt: string;
  publisher: typeof FIXING_PUBLISHER;
}

function provenanceOf(origin: RateProvenance): FixingDocumentProvenance {
  return { source: origin.source, timestamp: origin.timestamp, date: origin.date };
}

/** The document freezing `table` for the cut's fixing of `date`. */
export function buildFixingDocument(input: {
  id: string;
  cut: string;
  date: string;
  cutAt: number;
  frozenAt: number;
  table: RatesTable;
}): FixingDocument {
  const rates: Record<string, string> = {};
  const provenance: Record<string, FixingDocumentProvenance> = {};
  for (const [code, rate] of input.table.perUsd) {
    if (code === 'USD') continue;
    const origin = input.table.provenance.get(code);
    // A rate without its provenance is not one we can vouch for in a signed record.
    if (!origin) continue;
    rates[code] = rate.toString();
    provenance[code] = provenanceOf(origin);
  }
  return {
    id: input.id,
    cut: input.cut,
    date: input.date,
    cutAt: new Date(input.cutAt).toISOString(),
    base: 'USD',
    rates,
    provenance,
    tableVersion: input.table.version,
    frozenAt: new Date(input.frozenAt).toISOString(),
    publisher: FIXING_PUBLISHER,
  };
}

/** The RFC 8785 canonical JSON of a document: the exact bytes signed. */
export function canonicalJson(document: unknown): string {
  const text = canonicalize(document);
  if (text === undefined) throw new Error('Not a JSON value');
  return text;
}
