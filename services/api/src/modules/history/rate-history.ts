import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { planAllowsCurrency, type NumbersFormat, type PlanId } from '@fxrates/domain';
import { RateDecimal } from '@fxrates/rates';
import { CurrentRates } from '../current-rates';
import { AsciiWriter } from './ascii-writer';
import { CloseStore, type DisplayColumn, type HistoryRow, type HistoryYear } from './close-store';
import { noCloseFor, noClosesBetween } from './no-close';

/** The source whose daily closes the history endpoints answer with. */
export const HISTORY_SOURCE = 'ecb';
/** `source` of every history answer, as JSON: the list of provider names the closes come from. */
export const HISTORY_SOURCE_JSON = JSON.stringify([HISTORY_SOURCE]);
/** A close older than this is not carried forward: that is a gap in the data, not a weekend. */
const CARRY_FORWARD_DAYS = 7;
const DAY_MS = 86_400_000;
/**
 * How long this instance answers from what it loaded without asking PostgreSQL again: the bound on
 * how long a day written without a `rates:changed` announcement (`rates:backfill`) takes to show.
 */
export const HISTORY_TTL_MS = 60_000;
/**
 * Display columns kept (one year × base × code, ~260 members; ~6 KB each measured, mostly outside
 * V8's heap): ~19 MB at most. Every year since 1999 × 5 bases × 17 symbols is ~2 300.
 */
const COLUMN_LIMIT = 3_000;
/** `,"YYYY-MM-DD":{` and `}` around a day's rates. */
const DAY_BYTES = 16;
const CLOSE = '}'.charCodeAt(0);
/** Room in front of a series for the answer's head (base, dates, timestamp…), written last. */
const SERIES_HEAD_ROOM = 256;

/** The days of one year a time series covers: indexes `first` up to (not including) `stop`. */
interface YearSpan {
  data: HistoryYear;
  first: number;
  stop: number;
}

/** What a time series lists on a day: these columns' members, for these codes, in order. */
interface SeriesDay {
  columns: readonly DisplayColumn[];
  codes: readonly string[];
}

/** For a year of a period, what a day lists (null: the day is not listed). */
type DaysOf = (span: YearSpan, y: number) => (i: number) => SeriesDay | null;

/** Calls `visit` for each day of `spans` that `daysOf` lists, in order. */
function eachListedDay(
  spans: readonly YearSpan[],
  daysOf: DaysOf,
  visit: (data: HistoryYear, i: number, day: SeriesDay) => void,
): void {
  spans.forEach((span, y) => {
    const dayOf = daysOf(span, y);
    for (let i = span.first; i < span.stop; i++) {
      const day = dayOf(i);
      if (day) visit(span.data, i, day);
    }
  });
}

/** A day of a time series as a table lists it. */
interface SeriesTableDay {
  data: HistoryYear;
  i: number;
  day: SeriesDay;
}

/** One day of a time series: its symbols, in the order the JSON answer lists them, and their rates as displayed. */
export interface SeriesRow {
  day: string;
  symbols: readonly string[];
  /** The displayed rate of each symbol, as the JSON answer writes it. */
  rates: readonly string[];
}

/** A time series to go through day by day, checked whole before the first day is read. */
export interface SeriesTable {
  /** The last day listed (undefined when the base has no close in the period). */
  last: string | undefined;
  /** `year:fingerprint` of each year read: changes whenever a close the series could list changes. */
  versions: readonly string[];
  /** The days listed, oldest first; each day's rates are formatted as it is read. */
  days(): Iterable<SeriesRow>;
}

/** One day's close: units of each currency per 1 USD. */
export interface DailyClose {
  day: string;
  perUsd: Map<string, RateDecimal>;
}

const yearOf = (day: string) => Number(day.slice(0, 4));
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whether any of these currencies has a rate on day i. */
function publishedAny(rates: readonly (readonly (string | undefined)[])[], i: number): boolean {
  for (const column of rates) if (column[i] !== undefined) return true;
  return false;
}

/**
 * Reads rate_history (filled by `npm run rates:backfill` and the worker's ingest) through an
 * in-process store of parsed years (see CloseStore): answers cost no query while the years they
 * touch are fresh. The worker's `rates:changed` announcement makes every loaded year re-check
 * (one fingerprint query each) on its next use; without one, a change shows within HISTORY_TTL_MS.
 */
@Injectable()
export class RateHistory implements OnModuleInit {
  private readonly logger = new Logger(RateHistory.name);
  readonly store: CloseStore;
  private cachedRange?: { value: { first: string; last: string }; checkedAt: number; generation: number };
  private generation = 0;

  /**
   * Changes whenever an answer built from the closes may change: at each `rates:changed`
   * announcement (the next use re-checks the years, answering from the loaded ones meanwhile) and
   * each time a year is (re)loaded with different rows.
   */
  get version(): string {
    return `${this.generation}.${this.store.loads}`;
  }

  constructor(
    private readonly em: EntityManager,
    private readonly rates: CurrentRates,
  ) {
    this.store = new CloseStore(
      {
        fingerprint: async (year) => {
          const [row]: { fingerprint: string }[] = await this.em.getConnection().execute(
            `select count(*) || ':' || coalesce(md5(string_agg(day || currency || rate_vs_usd::text, ','
                      order by day, currency)), '') as fingerprint
               from rate_history where source = ? and day between ?::date and ?::date`,
            [HISTORY_SOURCE, `${year}-01-01`, `${year}-12-31`],
          );
          return row.fingerprint;
        },
        rows: (year) =>
          this.em.getConnection().execute<HistoryRow[]>(
            `select to_char(day, 'YYYY-MM-DD') as day, currency, rate_vs_usd::text as rate
               from rate_history where source = ? and day between ?::date and ?::date
              order by day, currency`,
            [HISTORY_SOURCE, `${year}-01-01`, `${year}-12-31`],
          ),
      },
      {
        ttlMs: HISTORY_TTL_MS,
        columnLimit: COLUMN_LIMIT,
        onRefreshError: (year, error) =>
          this.logger.warn(`Re-checking the ${year} history failed: ${(error as Error).message}`),
      },
    );
  }

  onModuleInit(): void {
    this.rates.onAnnouncement(() => this.invalidate());
  }

  /**
   * After a `rates:changed` announcement: ingest writes only the latest fixes, so the loaded years
   * it can touch (this one and, early in January, the last) and the range re-check on next use.
   * Older years are corrected by `rates:backfill` alone and show within HISTORY_TTL_MS.
   */
  invalidate(now = Date.now()): void {
    this.generation++;
    this.store.invalidate(new Date(now).getUTCFullYear() - 1);
  }

  /** The last close on or before `day`, within a week (weekends and holidays carry forward). */
  async closeOn(day: string): Promise<DailyClose | null> {
    const earliest = shiftDay(day, 1 - CARRY_FORWARD_DAYS);
    for (let year = yearOf(day); year >= yearOf(earliest); year--) {
      const data = await this.store.year(year);
      const i = data.from(shiftDay(day, 1)) - 1;
      if (i >= 0 && data.days[i] >= earliest) {
        const perUsd = new Map<string, RateDecimal>();
        for (const [currency, rates] of data.rates) {
          const rate = rates[i];
          if (rate !== undefined) perUsd.set(currency, new RateDecimal(rate));
        }
        return { day: data.days[i], perUsd };
      }
    }
    return null;
  }

  /**
   * The `"day":{"CODE":rate,…}` members of a time series from `start` to `end`, oldest first, written
   * into a body with room in front for the answer's head, and the last day listed. Business days
   * only, nothing filled in: with `requested` symbols, the days on which the base or any of them was
   * published; without, every day, each listing what it published that the plan includes. A day
   * lacking the base or a requested symbol is a 404.
   */
  async series(
    start: string,
    end: string,
    base: string,
    requested: readonly string[] | undefined,
    plan: PlanId,
    numbers: NumbersFormat = 'number',
  ): Promise<{ members: AsciiWriter; last: string | undefined; versions: string[] }> {
    const { spans, columnsOf, daysOf } = await this.period(start, end, base, requested, plan);
    const quoted = numbers === 'string';
    // What the series is made of: the years read, each by the fingerprint of its rows.
    const versions = spans.map(({ data }) => `${data.year}:${data.fingerprint}`);
    if (!columnsOf) return { ...this.writeSeries(spans, 64 * 1024, base, quoted, daysOf), versions };
    // Sized for the widest members (and their quotes), so the body is never grown and copied.
    let capacity = 0;
    spans.forEach(({ first, stop }, y) => {
      const perDay = columnsOf[y].reduce((sum, column) => sum + column.widest + (quoted ? 2 : 0), DAY_BYTES);
      capacity += (stop - first) * perDay;
    });
    return { ...this.writeSeries(spans, capacity, base, quoted, daysOf), versions };
  }

  /**
   * The same time series as `series`, as a table to go through row by row (exports): the days it
   * lists, each checked to have every rate (the same 404s as `series`, all thrown here, before a
   * caller writes anything), the last day listed, and the fingerprints of the years read.
   */
  async seriesTable(
    start: string,
    end: string,
    base: string,
    requested: readonly string[] | undefined,
    plan: PlanId,
  ): Promise<SeriesTable> {
    const { spans, daysOf } = await this.period(start, end, base, requested, plan);
    const listed: SeriesTableDay[] = [];
    eachListedDay(spans, daysOf, (data, i, day) => {
      for (let s = 0; s < day.columns.length; s++) {
        if (!day.columns[s].hasAny(i, i + 1)) throw this.missing(data, base, day.codes[s], i);
      }
      listed.push({ data, i, day });
    });
    return {
      last: listed.at(-1)?.data.days[listed.at(-1)!.i],
      versions: spans.map(({ data }) => `${data.year}:${data.fingerprint}`),
      *days() {
        for (const { data, i, day } of listed) {
          yield {
            day: data.days[i],
            symbols: day.codes,
            rates: day.columns.map((column) => column.at(i)!),
          };
        }
      },
    };
  }

  /**
   * The years of a period, what each day of them lists and, with `requested` symbols, their display
   * columns; a period without a business day, or a symbol without a single close in it, is a 404.
   */
  private async period(
    start: string,
    end: string,
    base: string,
    requested: readonly string[] | undefined,
    plan: PlanId,
  ): Promise<{ spans: YearSpan[]; daysOf: DaysOf; columnsOf?: DisplayColumn[][] }> {
    const spans: YearSpan[] = [];
    for (let year = yearOf(start); year <= yearOf(end); year++) {
      const data = await this.store.year(year);
      let stop = data.from(end);
      if (data.days[stop] === end) stop++;
      spans.push({ data, first: data.from(start), stop });
    }
    if (!spans.some(({ first, stop }) => stop > first)) throw noClosesBetween(start, end);
    if (!requested) return { spans, daysOf: this.daysOfAll(base, plan) };
    const columnsOf = spans.map(({ data }) => requested.map((code) => this.store.column(data, base, code)));
    // A symbol without a single close in the period is refused like a day without one, not listed as nothing.
    const withoutCloses = requested.filter(
      (_code, c) => !spans.some(({ first, stop }, y) => columnsOf[y][c].hasAny(first, stop)),
    );
    if (withoutCloses.length > 0) throw noClosesBetween(start, end, withoutCloses);
    return { spans, columnsOf, daysOf: this.daysOfRequested(base, requested, columnsOf) };
  }

  /** With requested symbols: the days on which the base or any of them was published, each listing them all. */
  private daysOfRequested(
    base: string,
    requested: readonly string[],
    columnsOf: readonly (readonly DisplayColumn[])[],
  ): DaysOf {
    const codes = [base, ...requested].filter((code) => code !== 'USD');
    return ({ data }, y) => {
      const listed = codes.map((code) => data.rates.get(code) ?? []);
      const day = { columns: columnsOf[y], codes: requested };
      return (i) => (listed.length && !publishedAny(listed, i) ? null : day);
    };
  }

  /** Without symbols: every day, listing what it published that the plan includes. */
  private daysOfAll(base: string, plan: PlanId): DaysOf {
    return ({ data }) => {
      // Days publishing the same currencies share one code array (HistoryYear.codes): one entry each.
      const byCodes = new Map<readonly string[], SeriesDay>();
      return (i) => {
        const all = data.codes[i];
        let day = byCodes.get(all);
        if (!day) {
          const symbols = all.filter((code) => code !== base && planAllowsCurrency(plan, code));
          day = { columns: symbols.map((code) => this.store.column(data, base, code)), codes: symbols };
          byCodes.set(all, day);
        }
        return day;
      };
    };
  }

  /**
   * Writes the days of `spans` that `daysOf` lists, each with its columns' members (rates quoted
   * when `quoted`), into a pooled body (given back if a day lacks a rate: that 404 is thrown), and
   * returns it with the last day.
   */
  private writeSeries(
    spans: readonly YearSpan[],
    capacity: number,
    base: string,
    quoted: boolean,
    daysOf: DaysOf,
  ): { members: AsciiWriter; last: string | undefined } {
    const out = new AsciiWriter(capacity, SERIES_HEAD_ROOM);
    let last: string | undefined;
    try {
      eachListedDay(spans, daysOf, (data, i, day) => {
        data.writeDayKey(out, i, last === undefined);
        for (let s = 0; s < day.columns.length; s++) {
          if (!day.columns[s].writeMember(out, i, s === 0, quoted))
            throw this.missing(data, base, day.codes[s], i);
        }
        out.byte(CLOSE);
        last = data.days[i];
      });
    } catch (error) {
      out.discard();
      throw error;
    }
    return { members: out, last };
  }

  /** The 404 crossRate's RateUnavailableError becomes: the base first, then the symbol. */
  private missing(data: HistoryYear, base: string, code: string, i: number) {
    return noCloseFor(data.perUsd(base, i) === undefined ? base : code, data.days[i]);
  }

  /** The range as last read, while it is fresh: what `range` answers without a query. */
  knownRange(now = Date.now()): { first: string; last: string } | undefined {
    const cached = this.cachedRange;
    return cached && cached.generation === this.generation && now - cached.checkedAt < HISTORY_TTL_MS
      ? cached.value
      : undefined;
  }

  /** The first and last day with data, or null when nothing has been imported. */
  async range(now = Date.now()): Promise<{ first: string; last: string } | null> {
    const known = this.knownRange(now);
    if (known !== undefined) return known;
    const generation = this.generation;
    const [row]: { first: string | null; last: string | null }[] = await this.em.getConnection().execute(
      `select to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last
         from rate_history where source = ?`,
      [HISTORY_SOURCE],
    );
    if (!row?.first || !row.last) return null; // not kept: an import shows at once
    const value = { first: row.first, last: row.last };
    this.cachedRange = { value, checkedAt: now, generation };
    return value;
  }
}
