import type { EntityManager } from '@mikro-orm/postgresql';
import { closesWhere, STORED_CLOSE_COLUMNS, type ClosesFilter, type StoredClose } from './closes-filter';

export type { ClosesFilter, StoredClose } from './closes-filter';

/** A currency's closes of one year, aggregated into one row (the history's in-process column store reads it). */
export interface YearClosesRow {
  currency: string;
  /** `count:sum of row hashes` over all the currency's rows of the year, from every source asked. */
  fingerprint: string;
  /** The days' indexes in the year (0: 1 January), ascending, comma-separated. */
  days: string;
  /** Each day's rate exactly as PostgreSQL prints the numeric, comma-separated. */
  rates: string;
  /** Each day's source as one character: 'A' + its index in the sources asked. */
  sources: string;
}

/** A currency's close of one day, from the most preferred source that holds one. */
export interface PreferredCloseRow {
  day: string;
  currency: string;
  source: string;
  rate: string;
}

/** A value the ingestion recorded: the newest of its day for a source and currency. */
export interface ObservedRate {
  day: string;
  currency: string;
  /** Units of the currency per 1 USD, as a decimal string. */
  rate: string;
  observedAt: string;
}

/** The newest recorded value of a currency (observed_at as PostgreSQL returns it). */
export interface NewestObservedRow {
  currency: string;
  rate: string;
  observed_at: Date;
  day: string;
}

/** One currency's close of one day (YYYY-MM-DD), as a decimal string of units per 1 USD. */
export interface DailyClose {
  day: string;
  currency: string;
  rate: string;
}

/** Source ids are written into the preference expression: only plain ids may be. */
const SOURCE_ID = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Every read and write of `rate_history` (daily closes per source, day and currency, relative to
 * USD): the public API's history, the worker's ingestion and its restore after a Redis loss. The
 * queries are tuned for the (currency, day) and (source, day, currency) indexes; the history's are
 * on the public API's metered path, so change them only with the bench.
 */
export class RateHistoryRepository {
  private readonly preferences = new Map<string, string>();

  constructor(private readonly em: EntityManager) {}

  /**
   * `case source when 'ecb' then 0 … end`: the order of `sources`, most preferred first. A constant
   * expression (a parameter's array_position would hide the order from the planner's sort).
   */
  private preference(sources: readonly string[]): string {
    const key = sources.join(',');
    let expression = this.preferences.get(key);
    if (expression === undefined) {
      const bad = sources.find((id) => !SOURCE_ID.test(id));
      if (bad !== undefined) throw new Error(`Not a source id: ${JSON.stringify(bad)}`);
      expression = `case source ${sources.map((id, i) => `when '${id}' then ${i}`).join(' ')} end`;
      this.preferences.set(key, expression);
    }
    return expression;
  }

  /** Per currency of `codes` with rows in `year` from `sources`: the order-free fingerprint of those rows. */
  async yearFingerprints(
    year: number,
    codes: readonly string[],
    sources: readonly string[],
  ): Promise<Map<string, string>> {
    // Order-free (a sum of row hashes): no sort of the rows on every check.
    const rows: { currency: string; fingerprint: string }[] = await this.em.getConnection().execute(
      `select currency, count(*) || ':' || sum(hashtext(source || day || rate_vs_usd::text)::bigint) as fingerprint
         from rate_history
        where currency = any(string_to_array(?, ',')) and source in (?) and day between ?::date and ?::date
        group by currency`,
      [codes.join(','), sources, `${year}-01-01`, `${year}-12-31`],
    );
    return new Map(rows.map(({ currency, fingerprint }) => [currency, fingerprint]));
  }

  /**
   * Per currency of `codes` with rows in `year`: each day's close from its most preferred of
   * `sources`, with the fingerprint of all its rows (as yearFingerprints gives it), one row a currency.
   */
  async yearCloses(
    year: number,
    codes: readonly string[],
    sources: readonly string[],
  ): Promise<Map<string, YearClosesRow>> {
    const preference = this.preference(sources);
    // The fingerprint is a window: evaluated over every row, before DISTINCT ON picks one a day.
    const rows = await this.em.getConnection().execute<YearClosesRow[]>(
      `select currency, max(fingerprint) as fingerprint,
            string_agg((day - ?::date)::text, ',' order by day) as days,
            string_agg(rate, ',' order by day) as rates,
            string_agg(chr(65 + preference), '' order by day) as sources
       from (select distinct on (currency, day) currency, day, rate_vs_usd::text as rate,
                    ${preference} as preference,
                    count(*) over everything || ':' ||
                      sum(hashtext(source || day || rate_vs_usd::text)::bigint) over everything as fingerprint
               from rate_history
              where currency = any(string_to_array(?, ',')) and source in (?)
                and day between ?::date and ?::date
             window everything as (partition by currency)
              order by currency, day, ${preference}) as preferred
      group by currency`,
      [`${year}-01-01`, codes.join(','), sources, `${year}-01-01`, `${year}-12-31`],
    );
    return new Map(rows.map((row) => [row.currency, row]));
  }

  /**
   * Every currency with a stored row, in code order: a skip scan of the (currency, day) index — one
   * probe a currency, not a read of the table.
   */
  async storedCurrencies(): Promise<string[]> {
    const rows = await this.em.getConnection().execute<{ currency: string }[]>(
      `with recursive stored(currency) as (
         (select min(currency) from rate_history)
         union all
         select (select min(currency) from rate_history where currency > stored.currency)
           from stored where stored.currency is not null)
       select currency from stored where currency is not null`,
    );
    return rows.map(({ currency }) => currency);
  }

  /**
   * Per currency of `codes` with rows from `sources`: the first and last day (YYYY-MM-DD) it holds,
   * two index probes each.
   */
  async heldRanges(
    codes: readonly string[],
    sources: readonly string[],
  ): Promise<Map<string, { first: string; last: string }>> {
    const rows = await this.em
      .getConnection()
      .execute<{ currency: string; first: string | null; last: string | null }[]>(
        `select c as currency,
                to_char((select min(day) from rate_history where currency = c and source in (?)), 'YYYY-MM-DD') as first,
                to_char((select max(day) from rate_history where currency = c and source in (?)), 'YYYY-MM-DD') as last
           from unnest(string_to_array(?, ',')) as c`,
        [sources, sources, codes.join(',')],
      );
    const ranges = new Map<string, { first: string; last: string }>();
    for (const { currency, first, last } of rows) if (first && last) ranges.set(currency, { first, last });
    return ranges;
  }

  /**
   * Each day's close of each of `codes` from `start` to `end` (inclusive, YYYY-MM-DD), from the most
   * preferred of `sources` that has one; ordered by day, then currency.
   */
  async preferredCloses(
    codes: readonly string[],
    start: string,
    end: string,
    sources: readonly string[],
  ): Promise<PreferredCloseRow[]> {
    if (codes.length === 0) return [];
    return this.em.getConnection().execute<PreferredCloseRow[]>(
      `select distinct on (day, currency) to_char(day, 'YYYY-MM-DD') as day, currency, source,
              rate_vs_usd::text as rate
         from rate_history
        where currency in (?) and day between ?::date and ?::date and source in (?)
        order by day, currency, ${this.preference(sources)}`,
      [codes, start, end, sources],
    );
  }

  /**
   * Writes `source`'s daily closes, each replacing the one of its day and currency: what an import of a
   * source's published closes leaves (no observation time, so the ingest's newer values still win).
   */
  async replaceCloses(source: string, closes: readonly DailyClose[]): Promise<void> {
    if (closes.length === 0) return;
    await this.em.getConnection().execute(
      `insert into rate_history (source, day, currency, rate_vs_usd)
         select ?, c.day, c.currency, c.rate
           from jsonb_to_recordset(?::jsonb) as c(day date, currency varchar, rate numeric)
      on conflict (source, day, currency) do update set rate_vs_usd = excluded.rate_vs_usd`,
      [source, JSON.stringify(closes)],
    );
  }

  /**
   * Records `source`'s values: one row per day and currency holding the newest value of that day. A
   * value observed before the stored one never replaces it (a late delivery of an older fetch).
   */
  async recordObserved(source: string, values: readonly ObservedRate[]): Promise<void> {
    if (values.length === 0) return;
    const rows = values.map(({ day, currency, rate, observedAt }) => ({
      day,
      currency,
      rate,
      observed_at: observedAt,
    }));
    await this.em.getConnection().execute(
      `insert into rate_history (source, day, currency, rate_vs_usd, observed_at)
         select ?, r.day, r.currency, r.rate, r.observed_at
           from jsonb_to_recordset(?::jsonb) as r(day date, currency varchar, rate numeric, observed_at timestamptz)
      on conflict (source, day, currency) do update
            set rate_vs_usd = excluded.rate_vs_usd, observed_at = excluded.observed_at, recorded_at = now()
          where rate_history.observed_at is null or rate_history.observed_at <= excluded.observed_at`,
      [source, JSON.stringify(rows)],
    );
  }

  /** The closes `filter` takes, from every source it names (or any), by source, day and currency. */
  async storedCloses(filter: ClosesFilter): Promise<StoredClose[]> {
    const params: string[] = [];
    const where = closesWhere(filter, (value) => (params.push(value), '?'));
    return this.em
      .getConnection()
      .execute<StoredClose[]>(
        `select ${STORED_CLOSE_COLUMNS} from rate_history ${where} order by source, day, currency`,
        params,
      );
  }

  /** Deletes the closes `filter` takes; how many there were. */
  async deleteCloses(filter: ClosesFilter): Promise<number> {
    const params: string[] = [];
    const where = closesWhere(filter, (value) => (params.push(value), '?'));
    const [{ deleted }] = await this.em
      .getConnection()
      .execute<{ deleted: number }[]>(
        `with gone as (delete from rate_history ${where} returning 1) select count(*)::int as deleted from gone`,
        params,
      );
    return deleted;
  }

  /** The newest recorded value of each of `currencies`, from any source, on or after `sinceDay`. */
  async newestObserved(currencies: readonly string[], sinceDay: string): Promise<NewestObservedRow[]> {
    if (currencies.length === 0) return [];
    return this.newestObservedWhere(
      `where currency in (select jsonb_array_elements_text(?::jsonb)) and day >= ?::date`,
      [JSON.stringify(currencies), sinceDay],
    );
  }

  /** The newest value `source` recorded of each currency on or after `sinceDay`. */
  async newestObservedOf(source: string, sinceDay: string): Promise<NewestObservedRow[]> {
    return this.newestObservedWhere(`where source = ? and day >= ?::date`, [source, sinceDay]);
  }

  /** Only rows the ingestion wrote count (they carry observed_at); seeded or backfilled closes do not. */
  private newestObservedWhere(where: string, params: unknown[]): Promise<NewestObservedRow[]> {
    return this.em.getConnection().execute<NewestObservedRow[]>(
      `select distinct on (currency) currency, rate_vs_usd::text as rate, observed_at,
              to_char(day, 'YYYY-MM-DD') as day
         from rate_history
        ${where} and observed_at is not null
        order by currency, observed_at desc`,
      params,
    );
  }
}
