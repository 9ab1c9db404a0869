import { ClosesImportRepository } from '@fxrates/db';
import { EcbHistoryParser, type EcbHistoryDay } from '@fxrates/rates';
import { createReadStream } from 'node:fs';
import { open as fsOpen, readFile } from 'node:fs/promises';
import path from 'node:path';
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
import { extractSingleEntry, isZip, ZipFormatError } from './zip-entry';

export type { BackfillResult } from './closes-import';

export interface BackfillOptions {
  /**
   * A file path or an http(s) URL of the ECB's eurofxref-hist.csv, or of a ZIP archive holding it
   * (as the ECB publishes it: see ecbHistoryZipUrl), recognised by its first bytes.
   */
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
/** Where the ECB publishes its whole history, a ZIP archive of eurofxref-hist.csv, under its site. */
const ECB_HISTORY_ZIP_PATH = '/stats/eurofxref/eurofxref-hist.zip';
/** A ZIP archive is read whole, then its CSV unzipped in memory (the ECB's: ~0.6 MB, ~1.5 MB unzipped). */
const MAX_ZIP_BYTES = 64 * 1024 * 1024;
const MAX_CSV_BYTES = 256 * 1024 * 1024;
const SLICE_BYTES = 64 * 1024;

/**
 * The ECB's history as shipped with the project (services/worker/data/ecb, with its source and
 * dates), beside the compiled code too: `npm run build:backend` copies the data folder into dist.
 */
export const BUNDLED_ECB_HISTORY = path.join(__dirname, '..', '..', 'data', 'ecb', 'eurofxref-hist.zip');

/** Days of `source` already in rate_history (0 on a fresh installation). */
export async function storedDays(db: SqlClient, source = 'ecb'): Promise<number> {
  return new ClosesImportRepository(db).storedDays(source);
}

/**
 * Where `rates:backfill --source ecb` downloads from when given no file or URL: the zipped history
 * under the ECB's base URL (RATES_ECB_URL), e.g. https://www.ecb.europa.eu.
 */
export function ecbHistoryZipUrl(ecbBaseUrl: string): string {
  return `${ecbBaseUrl.replace(/\/+$/, '')}${ECB_HISTORY_ZIP_PATH}`;
}

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

  let stream: Readable | undefined;
  try {
    const done = await new ClosesImportRepository(db).inTransaction(async () => {
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
        if (!day || (options.from && day.day < options.from) || (options.to && day.day > options.to))
          continue;
        batch.push(day);
        noteDay(result, day.day);
        if (batch.length >= DAYS_PER_BATCH) await write();
        progress.days = result.days;
        progress.lastDay = day.day;
        options.onProgress?.(progress);
      }
      if (batch.length > 0) await write();
      return { ...progress, bytesRead: opened.totalBytes ?? progress.bytesRead };
    });
    options.onProgress?.(done);
  } catch (error) {
    stream?.destroy();
    throw error;
  }
  return result;
}

interface Opened {
  stream: Readable;
  totalBytes: number | null;
}

/** Opens `input` (file or URL) as the CSV's bytes: as they are, or unzipped if it is a ZIP archive. */
async function open(input: string): Promise<Opened> {
  return /^https?:\/\//.test(input) ? openUrl(input) : openFile(input);
}

async function openFile(path: string): Promise<Opened> {
  const head = Buffer.alloc(4);
  const file = await fsOpen(path);
  let size: number;
  try {
    size = (await file.stat()).size;
    await file.read(head, 0, head.length, 0);
  } finally {
    await file.close();
  }
  if (isZip(head)) {
    if (size > MAX_ZIP_BYTES) throw new Error(`${path} is larger than ${MAX_ZIP_BYTES} bytes`);
    return unzipped(await readFile(path), path);
  }
  return { stream: createReadStream(path), totalBytes: size };
}

async function openUrl(url: string): Promise<Opened> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok || !response.body) {
    throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  }
  const length = Number(response.headers.get('content-length'));
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // Enough of the answer to tell a ZIP archive (by its signature, whatever the URL is called) from a CSV.
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < 4) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.length;
  }
  if (isZip(Buffer.concat(head))) {
    const zip = [...head];
    let zipBytes = headBytes;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      zipBytes += next.value.length;
      if (zipBytes > MAX_ZIP_BYTES) {
        body.destroy();
        throw new Error(`${url} sent more than ${MAX_ZIP_BYTES} bytes`);
      }
      zip.push(next.value);
    }
    return unzipped(Buffer.concat(zip), url);
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield* head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const stream = Readable.from(all(), { objectMode: false });
  stream.on('close', () => body.destroy()); // also when the reader gives up half-way
  return { stream, totalBytes: Number.isFinite(length) && length > 0 ? length : null };
}

/** The archive's single CSV, streamed in slices so progress moves as it is read. */
function unzipped(zip: Buffer, input: string): Opened {
  let csv: Buffer;
  try {
    csv = extractSingleEntry(zip, '.csv', MAX_CSV_BYTES).data;
  } catch (error) {
    if (error instanceof ZipFormatError) throw new Error(`${input}: ${error.message}`);
    throw error;
  }
  function* slices(): Generator<Buffer> {
    for (let at = 0; at < csv.length; at += SLICE_BYTES) yield csv.subarray(at, at + SLICE_BYTES);
  }
  return { stream: Readable.from(slices(), { objectMode: false }), totalBytes: csv.length };
}
