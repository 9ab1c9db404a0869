import type { EcbHistoryDay } from '@fxrates/rates';

/** What the imports need of a PostgreSQL client (pg's Client and PoolClient have it). */
export interface SqlClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const UPSERT = `
  insert into rate_history (source, day, currency, rate_vs_usd)
  select $1, d::date, c, r::numeric from unnest($2::text[], $3::text[], $4::text[]) as t(d, c, r)
  on conflict (source, day, currency) do update set rate_vs_usd = excluded.rate_vs_usd, recorded_at = now()
    where rate_history.rate_vs_usd <> excluded.rate_vs_usd
  returning (xmax = 0) as inserted`;

/**
 * Writes daily closes of `source` in one statement; a close already stored with the same value is
 * left alone, so importing again changes only what differs.
 */
export async function upsertCloses(
  db: SqlClient,
  source: string,
  closes: readonly EcbHistoryDay[],
): Promise<{ rates: number; inserted: number; updated: number }> {
  const days: string[] = [];
  const codes: string[] = [];
  const rates: string[] = [];
  for (const { day, perUsd } of closes) {
    for (const [code, rate] of perUsd) {
      days.push(day);
      codes.push(code);
      rates.push(rate.toString());
    }
  }
  if (days.length === 0) return { rates: 0, inserted: 0, updated: 0 };
  const { rows } = await db.query(UPSERT, [source, days, codes, rates]);
  const inserted = rows.filter((row) => row.inserted === true).length;
  return { rates: days.length, inserted, updated: rows.length - inserted };
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
export function noteWritten(result: BackfillResult, written: Awaited<ReturnType<typeof upsertCloses>>): void {
  result.rates += written.rates;
  result.inserted += written.inserted;
  result.updated += written.updated;
}
