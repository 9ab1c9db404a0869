import { EcbHistoryParser, type EcbHistoryDay } from '@fxrates/rates';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import {
  emptyBackfillResult,
  noteDay,
  noteWritten,
  upsertCloses,
  type BackfillResult,
  type SqlClient,
} from './closes-import';

export type { BackfillResult } from './closes-import';

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

/** Days written per statement: a few thousand rows each. */
const DAYS_PER_BATCH = 200;

/**
 * Imports the ECB's historical reference rates into rate_history, re-based on USD, in one
 * transaction: a malformed file changes nothing, and running it again changes only what differs.
 */
export async function backfillEcbHistory(db: SqlClient, options: BackfillOptions): Promise<BackfillResult> {
  const result = emptyBackfillResult();
  const parser = new EcbHistoryParser((day, reason) => result.skipped.push(`${day}: ${reason}`));
  const source = options.source ?? 'ecb';
  let batch: EcbHistoryDay[] = [];

  const write = async () => {
    noteWritten(result, await upsertCloses(db, source, batch));
    batch = [];
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
      noteDay(result, day.day);
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
