import type { NumbersFormat } from '@fxrates/domain';
import { closeTimestampOf, type SeriesRow } from '../history';
import { compileWriter } from '../../common/openapi';
import { NDJSON_ROW } from './ndjson-row.schema';

/** Writes one NDJSON row, from the schema the OpenAPI document shows for it. */
export const ndjsonRowWriter = compileWriter(NDJSON_ROW);

/** The row formats of an export. */
export type RowFormat = 'csv' | 'ndjson';

export interface RowOptions {
  format: RowFormat;
  base: string;
  /** NDJSON: `rate` as a JSON number (as the JSON answer writes it) or as a decimal string. CSV: always text. */
  numbers: NumbersFormat;
}

/**
 * One row per day and symbol, each carrying the provenance a JSON answer gives once: the source of
 * the row's closes (the base's, unless USD, and the symbol's: in CSV joined by spaces), the time
 * time they were final (`timestamp`: an exchange's close at the next 00:00 UTC, a fix at the ECB's
 * 16:00 CET), `stale` (a close is final: false) and `marketClosed` (a series lists each close on
 * its own day: false).
 */
export const EXPORT_COLUMNS = [
  'date',
  'base',
  'symbol',
  'rate',
  'source',
  'timestamp',
  'stale',
  'marketClosed',
] as const;

/** Rows are gathered into chunks of about this many characters (all ASCII): one write each. */
export const CHUNK_CHARS = 16 * 1024;

const CSV_SPECIAL = /[",\r\n]/;

/**
 * A CSV field (RFC 4180): quoted, its quotes doubled, when it holds a comma, quote or line break.
 * None of an export's values does today (codes, dates, decimals); this keeps a future one from
 * breaking the row.
 */
export function csvField(value: string): string {
  return CSV_SPECIAL.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A CSV record: fields joined by commas, ended by CRLF (RFC 4180). */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** The export's text in chunks of about CHUNK_CHARS, produced as they are read (a stream pulls them). */
export function* exportChunks(days: Iterable<SeriesRow>, options: RowOptions): Generator<string> {
  const row = options.format === 'csv' ? csvRow(options.base) : ndjsonRow(options);
  let chunk = options.format === 'csv' ? csvRecord(EXPORT_COLUMNS) : '';
  for (const { day, symbols, rates, sources } of days) {
    for (let s = 0; s < symbols.length; s++) {
      chunk += row(day, symbols[s], rates[s], sources[s], closeTimestampOf(day, sources[s]));
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk.length > 0) yield chunk;
}

type RowWriter = (
  day: string,
  symbol: string,
  rate: string,
  sources: readonly string[],
  timestamp: string,
) => string;

function csvRow(base: string): RowWriter {
  // `source` is a list in JSON; in CSV its names are joined by spaces (one field, no quoting).
  return (day, symbol, rate, sources, timestamp) =>
    csvRecord([day, base, symbol, rate, sources.join(' '), timestamp, 'false', 'false']);
}

function ndjsonRow({ base, numbers }: RowOptions): RowWriter {
  return (date, symbol, rate, source, timestamp) =>
    ndjsonRowWriter.write(
      { date, base, symbol, rate, source, timestamp, stale: false, marketClosed: false },
      numbers,
    ) + '\n';
}
