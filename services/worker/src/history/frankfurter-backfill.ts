import { addDays, parseFrankfurterSeries } from '@fxrates/rates';
import {
  emptyBackfillResult,
  noteDay,
  noteWritten,
  upsertCloses,
  type BackfillResult,
  type SqlClient,
} from './closes-import';

export interface FrankfurterBackfillOptions {
  /** Frankfurter's base URL, e.g. https://api.frankfurter.dev. */
  baseUrl: string;
  from: string;
  to: string;
  /** Stored under this source (Frankfurter republishes ECB's reference rates). */
  source?: string;
  timeoutMs?: number;
  onProgress?: (progress: { done: number; total: number; days: number; lastDay: string | null }) => void;
}

/** Days per request: a year of ~30 currencies is a few hundred kilobytes. */
const DAYS_PER_REQUEST = 366;

/**
 * Imports Frankfurter's time series `/v1/{start}..{end}?base=USD` year by year into rate_history, in
 * one transaction: an unreachable or malformed answer changes nothing, and running it again
 * changes only what differs. Days Frankfurter has no rates for (weekends, holidays) stay absent.
 */
export async function backfillFrankfurterHistory(
  db: SqlClient,
  options: FrankfurterBackfillOptions,
): Promise<BackfillResult> {
  const result = emptyBackfillResult();
  const source = options.source ?? 'frankfurter';
  const chunks: Array<[string, string]> = [];
  for (let start = options.from; start <= options.to; start = addDays(start, DAYS_PER_REQUEST)) {
    const end = addDays(start, DAYS_PER_REQUEST - 1);
    chunks.push([start, end < options.to ? end : options.to]);
  }

  await db.query('begin');
  try {
    for (const [index, [start, end]] of chunks.entries()) {
      const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/${start}..${end}?base=USD`;
      const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 60_000) });
      if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
      const closes = parseFrankfurterSeries(await response.json(), (day, reason) =>
        result.skipped.push(`${day}: ${reason}`),
      ).filter((close) => close.day >= start && close.day <= end);
      noteWritten(result, await upsertCloses(db, source, closes));
      for (const { day } of closes) noteDay(result, day);
      options.onProgress?.({
        done: index + 1,
        total: chunks.length,
        days: result.days,
        lastDay: result.last,
      });
    }
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  return result;
}
