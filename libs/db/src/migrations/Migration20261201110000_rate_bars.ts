import { Migration } from '@mikro-orm/migrations';

/**
 * Intraday bars. `rate_bars` holds per interval ('1m', '5m', '1h', '1d'), currency (per 1 USD) and
 * bucket start its open, high, low, close, the number of table versions (ticks) that made it and the
 * times of its first and last tick. Partitioned by interval (LIST), each interval by month of `start`
 * (RANGE): a year of minutes for ~300 currencies is ~150 M rows, written and read one month's
 * partition at a time and let go by dropping a partition (no delete, no vacuum), each interval on
 * its own retention.
 *
 * `rate_ticks` is the per-version log (time, currency, value per USD), partitioned by month like the
 * bars: a cross pair's bar (neither side USD) is computed from both sides' values at the same ticks,
 * never from the legs' highs and lows. Its key carries the value (INCLUDE): a version's rows are
 * written together, so one currency's ticks lie one to a page, and a day of a cross pair read from
 * the heap touched 5,760 pages; from the index alone, a few dozen. `rate_bar_versions` remembers each publish applied (a version
 * and the time it was stored), so a publish applied twice (a retry) counts once, while a version
 * published again later (rates back to an earlier table's) is a tick of its own; it is pruned daily.
 *
 * The partitions are created ahead (and dropped) by the two functions, under one advisory lock so
 * that workers doing it at once do not collide; the worker calls them daily and whenever a tick
 * falls in a month it has not yet made sure of.
 */
export class Migration20261201110000_rate_bars extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "rate_bars" (
      "interval" varchar(3) not null check ("interval" in ('1m', '5m', '1h', '1d')),
      "currency" varchar(12) not null,
      "start" timestamptz not null,
      "open" numeric not null,
      "high" numeric not null,
      "low" numeric not null,
      "close" numeric not null,
      "ticks" integer not null,
      "first_at" timestamptz not null,
      "last_at" timestamptz not null,
      constraint "rate_bars_pkey" primary key ("interval", "currency", "start")
    ) partition by list ("interval");`);
    for (const interval of ['1m', '5m', '1h', '1d'])
      this.addSql(
        `create table "rate_bars_${interval}" partition of "rate_bars" for values in ('${interval}') partition by range ("start");`,
      );
    this.addSql(`create table "rate_ticks" (
      "at" timestamptz not null,
      "currency" varchar(12) not null,
      "rate" numeric not null,
      constraint "rate_ticks_pkey" primary key ("currency", "at") include ("rate")
    ) partition by range ("at");`);
    this.addSql(`create table "rate_bar_versions" (
      "version" varchar(64) not null,
      "at" timestamptz not null,
      constraint "rate_bar_versions_pkey" primary key ("version", "at"));`);
    this.addSql(`create index "rate_bar_versions_at_index" on "rate_bar_versions" ("at");`);

    // Months are counted in UTC whatever the session's time zone.
    this.addSql(`create function "rate_bars_ensure_partitions"("from_month" timestamptz, "months" integer)
      returns integer language plpgsql as $$
      declare
        created integer := 0;
        first_day timestamp;
        parent text;
        child text;
      begin
        perform pg_advisory_xact_lock(hashtext('rate_bars_partitions'));
        for i in 0 .. "months" - 1 loop
          first_day := date_trunc('month', "from_month" at time zone 'UTC') + make_interval(months => i);
          foreach parent in array array['rate_bars_1m', 'rate_bars_5m', 'rate_bars_1h', 'rate_bars_1d', 'rate_ticks'] loop
            child := parent || '_p' || to_char(first_day, 'YYYYMM');
            if to_regclass(quote_ident(child)) is null then
              execute format('create table %I partition of %I for values from (%L) to (%L)',
                child, parent, first_day at time zone 'UTC', (first_day + interval '1 month') at time zone 'UTC');
              created := created + 1;
            end if;
          end loop;
        end loop;
        return created;
      end $$;`);
    this.addSql(`create function "rate_bars_drop_partitions"("parent" text, "before" timestamptz)
      returns setof text language plpgsql as $$
      declare
        child record;
      begin
        perform pg_advisory_xact_lock(hashtext('rate_bars_partitions'));
        for child in
          select c.relname,
                 substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \\(''([^'']+)''\\)')::timestamptz as upper_bound
            from pg_inherits i join pg_class c on c.oid = i.inhrelid
           where i.inhparent = "parent"::regclass
        loop
          if child.upper_bound <= "before" then
            execute format('drop table %I', child.relname);
            return next child.relname;
          end if;
        end loop;
      end $$;`);
    this.addSql(`select "rate_bars_ensure_partitions"(now(), 2);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists "rate_bars_drop_partitions"(text, timestamptz);`);
    this.addSql(`drop function if exists "rate_bars_ensure_partitions"(timestamptz, integer);`);
    this.addSql(`drop table if exists "rate_bar_versions";`);
    this.addSql(`drop table if exists "rate_ticks";`);
    this.addSql(`drop table if exists "rate_bars";`);
  }
}
