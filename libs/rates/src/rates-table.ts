import { createHash } from 'node:crypto';
import { RateDecimal } from './decimal';

/** A complete set of rates at one moment: units of each currency per 1 USD (the pivot). */
export interface RatesTable {
  /** Content hash; changes whenever any rate, the source or the time changes. */
  version: string;
  source: string;
  /** Day the rates belong to, YYYY-MM-DD. */
  date: string;
  /** ISO 8601 instant the rates were published by their source. */
  timestamp: string;
  perUsd: ReadonlyMap<string, RateDecimal>;
}

/** The JSON form kept in Redis and sent in change messages. Rates are decimal strings, never floats. */
export interface RatesTableJson {
  version: string;
  source: string;
  date: string;
  timestamp: string;
  rates: Record<string, string>;
}

export function createRatesTable(input: Omit<RatesTable, 'version'>): RatesTable {
  const hash = createHash('sha256').update(`${input.source}|${input.date}|${input.timestamp}`);
  for (const [code, rate] of [...input.perUsd].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`|${code}=${rate.toString()}`);
  }
  return { ...input, version: hash.digest('hex').slice(0, 16) };
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
  };
}

export function tableFromJson(json: RatesTableJson): RatesTable {
  if (!json || typeof json !== 'object' || typeof json.rates !== 'object' || json.rates === null) {
    throw new Error('rates table JSON has no rates');
  }
  const perUsd = new Map<string, RateDecimal>();
  for (const [code, raw] of Object.entries(json.rates)) {
    const rate = parsePositiveRate(raw);
    if (rate) perUsd.set(code, rate);
  }
  return createRatesTable({ source: json.source, date: json.date, timestamp: json.timestamp, perUsd });
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
