import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** One bar as read: its start and its values per 1 USD (or of the pair asked), as PostgreSQL prints them. */
export interface StoredBar {
  start: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  ticks: number;
}

/** One table version's values, per 1 USD, in the order the bars are locked in (by currency). */
export interface BarTick {
  version: string;
  /** When the table version was published (its `storedAt`). */
  at: Date;
  currencies: readonly string[];
  /** Decimal strings, one per currency. */
  rates: readonly string[];
}

/** The widths of the intervals as PostgreSQL intervals: written into the statements, never taken from input. */
const WIDTHS: Readonly<Record<string, string>> = {
  '1m': '1 minute',
  '5m': '5 minutes',
  '1h': '1 hour',
  '1d': '1 day',
};

/** Every bar starts on a multiple of its width counted from here (UTC midnights for days). */
const ORIGIN = `timestamptz '2000-01-01 00:00:00+00'`;

const CODE = /^[A-Z0-9]{2,12}$/;

/** The driver may give a timestamptz as text: a bar's start is always a Date. */
const withStartAsDate = (row: StoredBar): StoredBar => ({ ...row, start: new Date(row.start) });

function widthOf(interval: string): string {
  const width = WIDTHS[interval];
  if (width === undefined) throw new Error(`Not a bar interval: ${JSON.stringify(interval)}`);
  return width;
}

/**
 * Every read and write of the intraday bars (`rate_bars`, partitioned by interval and month), their
 * per-tick log (`rate_ticks`) and the versions applied (`rate_bar_versions`).
 */
export class RateBarsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One table version as a tick of every bar of its currencies, in one statement: the version is
   * recorded first and nothing else happens if it was already (a retry, another worker), so it
   * counts once. Each bar is upserted so that the order in which versions arrive does not matter:
   * open is the value of the earliest tick, close of the latest, high and low the extremes. Rows are
   * written in (interval, currency) order, so two versions applied at once wait for each other rather
   * than deadlock. False when the version had been applied before. `intervals`: all four unless the
   * benchmark measures fewer (what a rollup job would leave to the tick).
   */
  async applyTick(tick: BarTick, intervals: readonly string[] = Object.keys(WIDTHS)): Promise<boolean> {
    if (tick.currencies.length !== tick.rates.length) throw new Error('one rate per currency');
    const bad = tick.currencies.find((code) => !CODE.test(code));
    if (bad !== undefined) throw new Error(`Not a currency code: ${JSON.stringify(bad)}`);
    const currencies = tick.currencies.join(',');
    const rates = tick.rates.join(',');
    const widths = intervals.map((name) => `('${name}', interval '${widthOf(name)}')`).join(', ');
    const rows = await this.em.getConnection().execute<{ applied: number }[]>(
      `with fresh as (
         insert into rate_bar_versions (version, at) values (?, ?::timestamptz)
         on conflict (version, at) do nothing
         returning at),
       tick as (
         select fresh.at, t.currency, t.rate
           from fresh, unnest(string_to_array(?, ','), string_to_array(?, ',')::numeric[]) as t(currency, rate)),
       logged as (
         insert into rate_ticks (at, currency, rate) select at, currency, rate from tick
         on conflict (currency, at) do nothing),
       bars as (
         insert into rate_bars as bar (interval, currency, start, open, high, low, close, ticks, first_at, last_at)
         select i.name, tick.currency, date_bin(i.width, tick.at, ${ORIGIN}),
                tick.rate, tick.rate, tick.rate, tick.rate, 1, tick.at, tick.at
           from tick, (values ${widths}) as i(name, width)
          order by i.name, tick.currency
         on conflict (interval, currency, start) do update set
           open = case when excluded.first_at < bar.first_at then excluded.open else bar.open end,
           first_at = least(bar.first_at, excluded.first_at),
           high = greatest(bar.high, excluded.high),
           low = least(bar.low, excluded.low),
           close = case when excluded.last_at >= bar.last_at then excluded.close else bar.close end,
           last_at = greatest(bar.last_at, excluded.last_at),
           ticks = bar.ticks + 1
         returning 1)
       select count(*)::int as applied from fresh`,
      [tick.version, tick.at.toISOString(), currencies, rates],
    );
    return rows[0].applied > 0;
  }

  /**
   * The bars of one currency per 1 USD, oldest first, whose start is in [from, to). One index range
   * of one interval's partitions of the months asked.
   */
  async usdBars(interval: string, currency: string, from: Date, to: Date): Promise<StoredBar[]> {
    widthOf(interval);
    const rows = await this.em.getConnection().execute<StoredBar[]>(
      `select start, open::text, high::text, low::text, close::text, ticks
         from rate_bars
        where interval = ? and currency = ? and start >= ?::timestamptz and start < ?::timestamptz
        order by start`,
      [interval, currency, from.toISOString(), to.toISOString()],
    );
    return rows.map(withStartAsDate);
  }

  /**
   * The bars of `symbol` per 1 `base` (neither USD), oldest first, whose start is in [from, to):
   * computed from the ticks at which both had a value, each tick's cross rate symbol ÷ base. The
   * high is the highest cross rate of one tick, never the legs' high over the other's low.
   */
  async crossBars(
    interval: string,
    base: string,
    symbol: string,
    from: Date,
    to: Date,
  ): Promise<StoredBar[]> {
    const width = widthOf(interval);
    const rows = await this.em.getConnection().execute<StoredBar[]>(
      `select start,
              (array_agg(rate order by at))[1]::text as open, max(rate)::text as high,
              min(rate)::text as low, (array_agg(rate order by at desc))[1]::text as close,
              count(*)::int as ticks
         from (select date_bin(interval '${width}', s.at, ${ORIGIN}) as start, s.at, s.rate / b.rate as rate
                 from rate_ticks s join rate_ticks b on b.currency = ? and b.at = s.at
                where s.currency = ? and s.at >= ?::timestamptz and s.at < ?::timestamptz
                  and b.at >= ?::timestamptz and b.at < ?::timestamptz) as crossed
        group by start
        order by start`,
      [base, symbol, from.toISOString(), to.toISOString(), from.toISOString(), to.toISOString()],
    );
    return rows.map(withStartAsDate);
  }

  /**
   * Makes sure the partitions of `months` months from the one holding `from` exist (bars of every
   * interval and ticks); the number created.
   */
  async ensurePartitions(from: Date, months: number): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<{ created: number }[]>(
        `select rate_bars_ensure_partitions(?::timestamptz, ?::int) as created`,
        [from.toISOString(), months],
      );
    return rows[0].created;
  }

  /** Drops the partitions of an interval's bars (or of the ticks) wholly before `before`; their names. */
  async dropPartitionsBefore(of: { bars: string } | 'ticks', before: Date): Promise<string[]> {
    const parent = of === 'ticks' ? 'rate_ticks' : `rate_bars_${of.bars}`;
    if (of !== 'ticks') widthOf(of.bars);
    const rows = await this.em
      .getConnection()
      .execute<{ dropped: string }[]>(`select rate_bars_drop_partitions(?, ?::timestamptz) as dropped`, [
        parent,
        before.toISOString(),
      ]);
    return rows.map(({ dropped }) => dropped);
  }

  /** The partitions of an interval's bars (or of the ticks), by name, oldest first. */
  async partitions(of: { bars: string } | 'ticks'): Promise<string[]> {
    const parent = of === 'ticks' ? 'rate_ticks' : `rate_bars_${of.bars}`;
    const rows = await this.em.getConnection().execute<{ name: string }[]>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ?::regclass order by c.relname`,
      [parent],
    );
    return rows.map(({ name }) => name);
  }

  /**
   * Vacuums and analyses the partitions of `month`'s month (UTC) that exist: once a month is over its
   * rows no longer change, and a vacuum marks their pages all-visible, so a cross pair's ticks are
   * read from the index alone. The names of those vacuumed.
   */
  async settleMonth(month: Date): Promise<string[]> {
    const suffix = `_p${month.toISOString().slice(0, 7).replace('-', '')}`;
    const parents = ['rate_bars_1m', 'rate_bars_5m', 'rate_bars_1h', 'rate_bars_1d', 'rate_ticks'];
    const rows = await this.em
      .getConnection()
      .execute<{ name: string }[]>(
        `select c.relname as name from pg_class c where c.relname = any(string_to_array(?, ','))`,
        [parents.map((parent) => parent + suffix).join(',')],
      );
    const names = rows.map(({ name }) => name).sort();
    if (names.length > 0)
      await this.em
        .getConnection()
        .execute(`vacuum (analyze) ${names.map((name) => `"${name}"`).join(', ')}`);
    return names;
  }

  /** Forgets the versions applied before `before` (a version is only ever seen again within minutes). */
  async forgetVersionsBefore(before: Date): Promise<number> {
    const result = await this.em.execute<QueryResult>(
      'delete from rate_bar_versions where at < ?::timestamptz',
      [before.toISOString()],
      'run',
    );
    return result.affectedRows;
  }
}
