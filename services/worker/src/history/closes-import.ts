import { ClosesImportRepository, type ClosesWritten, type SqlClient } from '@fxrates/db';
import type { EcbHistoryDay } from '@fxrates/rates';

export type { SqlClient } from '@fxrates/db';

/**
 * Writes daily closes of `source` in one statement; a close already stored with the same value is
 * left alone, so importing again changes only what differs.
 */
export function upsertCloses(
  db: SqlClient,
  source: string,
  closes: readonly EcbHistoryDay[],
): Promise<ClosesWritten> {
  return new ClosesImportRepository(db).upsertCloses(source, closes);
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

export function emptyBackfillResult(): BackfillResult {
  return { days: 0, rates: 0, inserted: 0, updated: 0, first: null, last: null, skipped: [] };
}

/** Counts one imported day and widens the range the import covered. */
export function noteDay(result: BackfillResult, day: string): void {
  result.days += 1;
  if (result.first === null || day < result.first) result.first = day;
  if (result.last === null || day > result.last) result.last = day;
}

/** Adds what one upsertCloses wrote. */
export function noteWritten(result: BackfillResult, written: ClosesWritten): void {
  result.rates += written.rates;
  result.inserted += written.inserted;
  result.updated += written.updated;
}
