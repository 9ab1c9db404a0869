import { createHash } from 'node:crypto';
import { RateDecimal } from './decimal';

/** Where one currency's rate comes from and when its source published it. */
export interface RateProvenance {
  source: string;
  /** ISO 8601 instant the source published the value. */
  timestamp: string;
  /** Day the value belongs to, YYYY-MM-DD. */
  date: string;
  /**
   * `metal` on the origins a provenance summary gives for metals (never stored): a metal follows
   * the metals market's week whichever source quotes it, so its freshness is judged apart from the
   * fiat or crypto the same source quotes at the same instant.
   */
  market?: 'metal';
}

/** A complete set of rates at one moment: units of each currency per 1 USD (the pivot). */
export interface RatesTable {
  /** Content hash; changes whenever any rate, its source or its time changes. */
  version: string;
  /** Every source the table draws on, comma-separated. */
  source: string;
  /** Day of the newest value, YYYY-MM-DD. */
  date: string;
  /** ISO 8601 instant of the newest value. */
  timestamp: string;
  perUsd: ReadonlyMap<string, RateDecimal>;
  /** Per currency (USD, the pivot, has none). */
  provenance: ReadonlyMap<string, RateProvenance>;
  /** When the table was stored in Redis (ms since the epoch): what a rate stream's delay counts from. */
  storedAt?: number;
}

/** The JSON form kept in Redis. Rates are decimal strings, never floats; provenance is per currency. */
export interface RatesTableJson {
  version: string;
  source: string;
  date: string;
  timestamp: string;
  rates: Record<string, string>;
  provenance?: Record<string, RateProvenance>;
  /** Set by RatesStore.publish; not part of the version (the same rates stored again are no change). */
  storedAt?: number;
}

type SingleSourceInput = RateProvenance & { perUsd: ReadonlyMap<string, RateDecimal> };
type MixedSourceInput = {
  perUsd: ReadonlyMap<string, RateDecimal>;
  provenance: ReadonlyMap<string, RateProvenance>;
};

/** A table from one source (every rate shares its provenance) or from several (provenance per currency). */
export function createRatesTable(input: SingleSourceInput | MixedSourceInput): RatesTable {
  const provenance =
    'provenance' in input
      ? input.provenance
      : new Map(
          [...input.perUsd.keys()]
            .filter((code) => code !== 'USD')
            .map((code) => [code, { source: input.source, timestamp: input.timestamp, date: input.date }]),
        );
  const summary = summarize(provenance, 'source' in input ? input : undefined);
  const hash = createHash('sha256').update(`${summary.source}|${summary.date}|${summary.timestamp}`);
  for (const [code, rate] of [...input.perUsd].sort(([a], [b]) => a.localeCompare(b))) {
    const origin = provenance.get(code);
    hash.update(`|${code}=${rate.toString()}@${origin ? `${origin.source}/${origin.timestamp}` : ''}`);
  }
  return { ...summary, perUsd: input.perUsd, provenance, version: hash.digest('hex').slice(0, 16) };
}

function summarize(
  provenance: ReadonlyMap<string, RateProvenance>,
  fallback?: RateProvenance,
): RateProvenance {
  const sources = new Set<string>();
  let newest: RateProvenance | undefined;
  for (const origin of provenance.values()) {
    sources.add(origin.source);
    if (!newest || origin.timestamp > newest.timestamp) newest = origin;
  }
  if (!newest) {
    if (!fallback) throw new Error('a rates table needs at least one rate with a provenance');
    return { source: fallback.source, timestamp: fallback.timestamp, date: fallback.date };
  }
  return { source: [...sources].join(','), timestamp: newest.timestamp, date: newest.date };
}

export function tableToJson(table: RatesTable): RatesTableJson {
  const rates: Record<string, string> = {};
  for (const [code, rate] of table.perUsd) rates[code] = rate.toString();
  return {
    version: table.version,
    source: table.source,
    date: table.date,
    timestamp: table.timestamp,
    rates,
    provenance: Object.fromEntries(table.provenance),
  };
}

export function tableFromJson(json: RatesTableJson): RatesTable {
  if (!json || typeof json !== 'object' || typeof json.rates !== 'object' || json.rates === null) {
    throw new Error('rates table JSON has no rates');
  }
  const perUsd = new Map<string, RateDecimal>();
  const provenance = new Map<string, RateProvenance>();
  for (const [code, raw] of Object.entries(json.rates)) {
    const rate = parsePositiveRate(raw);
    if (!rate) continue;
    perUsd.set(code, rate);
    const origin = json.provenance?.[code] ?? {
      source: json.source,
      timestamp: json.timestamp,
      date: json.date,
    };
    if (code !== 'USD') provenance.set(code, origin);
  }
  const table = createRatesTable({ perUsd, provenance });
  return typeof json.storedAt === 'number' && Number.isFinite(json.storedAt)
    ? { ...table, storedAt: json.storedAt }
    : table;
}

/** A usable rate is a finite number strictly above zero; anything else is dropped, never defaulted. */
export function parsePositiveRate(raw: unknown): RateDecimal | undefined {
  if (typeof raw !== 'number' && typeof raw !== 'string') return undefined;
  if (typeof raw === 'number' && !Number.isFinite(raw)) return undefined;
  try {
    const value = new RateDecimal(raw);
    return value.isFinite() && value.gt(0) ? value : undefined;
  } catch {
    return undefined;
  }
}
