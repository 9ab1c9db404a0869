import { closesWhere, STORED_CLOSE_COLUMNS, type ClosesFilter, type StoredClose } from './closes-filter';

/** What the imports need of a PostgreSQL client (pg's Client and PoolClient have it). */
export interface SqlClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** One day's closes of a source: units of each currency per 1 USD. */
export interface DayCloses {
  day: string;
  perUsd: ReadonlyMap<string, { toString(): string }>;
}

/** What one write of closes did: rates given, rows inserted, rows whose rate changed. */
export interface ClosesWritten {
  rates: number;
  inserted: number;
  updated: number;
}

/** What a source holds in rate_history. */
export interface StoredSpan {
  rates: number;
  days: number;
  currencies: number;
  /** YYYY-MM-DD, null when the source holds nothing. */
  first: string | null;
  last: string | null;
}

/** rate_history's vacuums and analyses run by hand. */
export interface ManualMaintenance {
  vacuums: number;
  analyses: number;
  lastAnalysedAt: Date | null;
}

const UPSERT = `
  insert into rate_history (source, day, currency, rate_vs_usd)
  select $1, d::date, c, r::numeric from unnest($2::text[], $3::text[], $4::text[]) as t(d, c, r)
  on conflict (source, day, currency) do update set rate_vs_usd = excluded.rate_vs_usd, recorded_at = now()
    where rate_history.rate_vs_usd <> excluded.rate_vs_usd
  returning (xmax = 0) as inserted`;

/**
 * The history imports' reads and writes of `rate_history` and `history_backfill_progress`
 * (`rates:backfill`, `rates:seed` and the daily backfill job), on one PostgreSQL connection of their
 * own: an import is one transaction (the ECB file) or one a page (the daily backfill), and a first
 * fill writes a million rows, so it bypasses the ORM's identity map and unit of work.
 */
export class ClosesImportRepository {
  constructor(private readonly db: SqlClient) {}

  /** Runs `work` in one transaction on the connection: all of it is written, or none. */
  async inTransaction<T>(work: () => Promise<T>): Promise<T> {
    await this.db.query('begin');
    try {
      const result = await work();
      await this.db.query('commit');
      return result;
    } catch (error) {
      await this.db.query('rollback');
      throw error;
    }
  }

  /**
   * Writes daily closes of `source` in one statement; a close already stored with the same value is
   * left alone, so importing again changes only what differs.
   */
  async upsertCloses(source: string, closes: readonly DayCloses[]): Promise<ClosesWritten> {
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
    const { rows } = await this.db.query(UPSERT, [source, days, codes, rates]);
    const inserted = rows.filter((row) => row.inserted === true).length;
    return { rates: days.length, inserted, updated: rows.length - inserted };
  }

  /** Days of `source` stored (0 on a fresh installation). */
  async storedDays(source: string): Promise<number> {
    const { rows } = await this.db.query(
      'select count(distinct day) as days from rate_history where source = $1',
      [source],
    );
    return Number(rows[0].days);
  }

  /**
   * What `source` holds: its closes, the days and currencies they cover, and the first and last day
   * (null if none).
   */
  async storedSpan(source: string): Promise<StoredSpan> {
    const { rows } = await this.db.query(
      `select count(*)::int as rates, count(distinct day)::int as days,
              count(distinct currency)::int as currencies,
              to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last
         from rate_history where source = $1`,
      [source],
    );
    return rows[0] as unknown as StoredSpan;
  }

  /** The closes `filter` takes, from every source it names (or any), by source, day and currency. */
  async storedCloses(filter: ClosesFilter): Promise<StoredClose[]> {
    const params: string[] = [];
    const where = closesWhere(filter, (value) => `$${params.push(value)}`);
    const { rows } = await this.db.query(
      `select ${STORED_CLOSE_COLUMNS} from rate_history ${where} order by source, day, currency`,
      params,
    );
    return rows as unknown as StoredClose[];
  }

  /** Deletes the closes `filter` takes; how many there were. */
  async deleteCloses(filter: ClosesFilter): Promise<number> {
    const params: string[] = [];
    const where = closesWhere(filter, (value) => `$${params.push(value)}`);
    const { rows } = await this.db.query(
      `with gone as (delete from rate_history ${where} returning 1) select count(*)::int as deleted from gone`,
      params,
    );
    return Number(rows[0].deleted);
  }

  /** The USDT closes per USD held for `from`…`to` (Coinbase's first, then any other source's), by day. */
  async usdtCloses(from: string, to: string): Promise<Map<string, string>> {
    const { rows } = await this.db.query(
      `select distinct on (day) to_char(day, 'YYYY-MM-DD') as day, rate_vs_usd::text as rate
         from rate_history where currency = 'USDT' and source <> 'bundled-snapshot' and day between $1::date and $2::date
        order by day, (source = 'coinbase') desc, source`,
      [from, to],
    );
    return new Map(rows.map((row) => [String(row.day), String(row.rate)]));
  }

  /** Per currency, the day up to which the backfill has asked `source` (YYYY-MM-DD). */
  async checkedThrough(source: string): Promise<Map<string, string>> {
    const { rows } = await this.db.query(
      `select currency, to_char(checked_through, 'YYYY-MM-DD') as day from history_backfill_progress where source = $1`,
      [source],
    );
    return new Map(rows.map((row) => [String(row.currency), String(row.day)]));
  }

  /** Notes that `source` has been asked up to `day` for `codes`; a later day already noted stays. */
  async advanceCheckedThrough(source: string, codes: readonly string[], day: string): Promise<void> {
    await this.db.query(
      `insert into history_backfill_progress (source, currency, checked_through)
         select $1, c, $3::date from unnest($2::text[]) as c
       on conflict (source, currency) do update set checked_through = excluded.checked_through, updated_at = now()
         where history_backfill_progress.checked_through < excluded.checked_through`,
      [source, codes, day],
    );
  }

  /**
   * Forgets how far the backfill has asked `sources` (for `currencies` only, when given): the next run
   * asks them again from each currency's first day.
   */
  async forgetCheckedThrough(sources: readonly string[], currencies?: readonly string[]): Promise<void> {
    await this.db.query(
      `delete from history_backfill_progress
        where source = any($1::text[]) and ($2::text[] is null or currency = any($2::text[]))`,
      [sources, currencies ?? null],
    );
  }

  /**
   * How many times rate_history has been vacuumed and analysed by hand (as vacuumAnalyse does, not by
   * autovacuum), and when it was last analysed so, from statistics read afresh (PostgreSQL otherwise
   * keeps one snapshot of them a transaction).
   */
  async manualMaintenance(): Promise<ManualMaintenance> {
    await this.db.query('select pg_stat_clear_snapshot()');
    const { rows } = await this.db.query(
      `select vacuum_count::int as vacuums, analyze_count::int as analyses, last_analyze as "lastAnalysedAt"
         from pg_stat_user_tables where relname = 'rate_history'`,
    );
    return rows[0] as unknown as ManualMaintenance;
  }

  /**
   * Vacuums and analyses rate_history: after a first fill the planner's estimates are those of an
   * empty table and the visibility map is unset (no index-only reads) until autovacuum comes by.
   */
  async vacuumAnalyse(): Promise<void> {
    await this.db.query('vacuum (analyze) rate_history');
  }
}
