import { EcbHistoryParser, type EcbHistoryDay } from '@fxrates/rates';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';

/** What the import needs of a PostgreSQL client (pg's Client and PoolClient have it). */
export interface SqlClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface BackfillOptions {
  /** A file path, or an http(s) URL serving the ECB's eurofxref-hist.csv. */
  input: string;
  /** First and last day to import, inclusive (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** The source the rows are stored under. */
  source?: string;
  onProgress?: (progress: BackfillProgress) => void;
}

export interface BackfillProgress {
  bytesRead: number;
  /** Null when a server does not say how long its answer is. */
  totalBytes: number | null;
  days: number;
  lastDay: string | null;
}

export interface BackfillResult {
  days: number;
  rates: number;
  inserted: number;
  updated: number;
  first: string | null;
  last: string | null;
  skipped: string[];
}

/** Days written per statement: a few thousand rows each. */
const DAYS_PER_BATCH = 200;

const UPSERT = `
  insert into rate_history (source, day, currency, rate_vs_usd)
  select $1, d::date, c, r::numeric from unnest($2::text[], $3::text[], $4::text[]) as t(d, c, r)
  on conflict (source, day, currency) do update set rate_vs_usd = excluded.rate_vs_usd, recorded_at = now()
    where rate_history.rate_vs_usd <> excluded.rate_vs_usd
  returning (xmax = 0) as inserted`;

/**
 * Imports the ECB's historical reference rates into rate_history, re-based on USD, in one
 * transaction: a malformed file changes nothing, and running it again changes only what differs.
 */
export async function backfillEcbHistory(db: SqlClient, options: BackfillOptions): Promise<BackfillResult> {
  const result: BackfillResult = {
    days: 0,
    rates: 0,
    inserted: 0,
    updated: 0,
    first: null,
    last: null,
    skipped: [],
  };
  const parser = new EcbHistoryParser((day, reason) => result.skipped.push(`${day}: ${reason}`));
  const source = options.source ?? 'ecb';
  let batch: EcbHistoryDay[] = [];

  const write = async () => {
    const days: string[] = [];
    const codes: string[] = [];
    const rates: string[] = [];
    for (const { day, perUsd } of batch) {
      for (const [code, rate] of perUsd) {
        days.push(day);
        codes.push(code);
        rates.push(rate.toString());
      }
    }
    batch = [];
    const { rows } = await db.query(UPSERT, [source, days, codes, rates]);
    const inserted = rows.filter((row) => row.inserted === true).length;
    result.inserted += inserted;
    result.updated += rows.length - inserted;
    result.rates += days.length;
  };

  await db.query('begin');
  let stream: Readable | undefined;
  try {
    const opened = await open(options.input);
    stream = opened.stream;
    const progress: BackfillProgress = {
      bytesRead: 0,
      totalBytes: opened.totalBytes,
      days: 0,
      lastDay: null,
    };
    // The reader and the byte counter start in the same turn, so no line is read before the loop listens.
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    stream.on('data', (chunk: Buffer) => (progress.bytesRead += chunk.length));
    for await (const line of lines) {
      const day = parser.line(line);
      if (!day || (options.from && day.day < options.from) || (options.to && day.day > options.to)) continue;
      batch.push(day);
      result.days++;
      if (result.first === null || day.day < result.first) result.first = day.day;
      if (result.last === null || day.day > result.last) result.last = day.day;
      if (batch.length >= DAYS_PER_BATCH) await write();
      progress.days = result.days;
      progress.lastDay = day.day;
      options.onProgress?.(progress);
    }
    if (batch.length > 0) await write();
    await db.query('commit');
    options.onProgress?.({ ...progress, bytesRead: opened.totalBytes ?? progress.bytesRead });
  } catch (error) {
    await db.query('rollback');
    stream?.destroy();
    throw error;
  }
  return result;
}

async function open(input: string): Promise<{ stream: Readable; totalBytes: number | null }> {
  if (/^https?:\/\//.test(input)) {
    const response = await fetch(input, { signal: AbortSignal.timeout(60_000) });
    if (!response.ok || !response.body) {
      throw new Error(`${input} answered ${response.status} ${response.statusText}`);
    }
    const length = Number(response.headers.get('content-length'));
    return {
      stream: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      totalBytes: Number.isFinite(length) && length > 0 ? length : null,
    };
  }
  return { stream: createReadStream(input), totalBytes: (await stat(input)).size };
}
