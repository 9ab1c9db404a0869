import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  CURRENCIES,
  planAllowsCurrency,
  RATE_PROVIDER_IDS,
  type NumbersFormat,
  type PlanId,
} from '@fxrates/domain';
import { RateHistoryRepository } from '@fxrates/db';
import { RateDecimal } from '@fxrates/rates';
import { CurrentRates } from '../current-rates';
import { AsciiWriter } from './ascii-writer';
import { CloseStore } from './close-store';
import type { DisplayColumn } from './display-column';
import type { HistoryYear } from './history-year';
import { noCloseFor, noClosesBetween, noClosesOn, type HeldRange } from './no-close';
import {
  coverageOf,
  dayNumber,
  sourceSpansOf,
  type ColumnSpan,
  type Coverage,
  type SourceSpan,
} from './series-provenance';

/**
 * Which stored close a currency's history answers with when several sources hold one for the same
 * day: the ECB's 16:00 CET fix first (its ~30 currencies), then Frankfurter's (the central banks'
 * fixes, every other fiat currency and the metals), then the exchanges' 00:00 UTC daily closes
 * (Binance, then Coinbase), then any other provider in the order of RATE_PROVIDER_IDS. One rule for
 * every currency: each source only holds the currencies of its kind.
 */
export const HISTORY_PRECEDENCE: readonly string[] = ['ecb', 'frankfurter', 'binance', 'coinbase'];
/** Every source history answers from, most preferred first; the bundled snapshot holds no closes. */
export const HISTORY_SOURCES: readonly string[] = [
  ...HISTORY_PRECEDENCE,
  ...RATE_PROVIDER_IDS.filter((id) => id !== 'bundled-snapshot' && !HISTORY_PRECEDENCE.includes(id)),
];
/** Every catalogued code (fiat, crypto and metals). */
const CATALOGUE_CODES = CURRENCIES.map(({ code }) => code);
/** The sources of a list, as the `source` array of an answer: in the order of precedence. */
export const sourcesInOrder = (used: Iterable<string>): string[] => {
  const set = new Set(used);
  return HISTORY_SOURCES.filter((id) => set.has(id));
};
/** A close older than this is not carried forward: that is a gap in the data, not a weekend. */
const CARRY_FORWARD_DAYS = 7;
const DAY_MS = 86_400_000;
/**
 * How long this instance answers from what it loaded without asking PostgreSQL again: the bound on
 * how long a day written without a `rates:changed` announcement (`rates:backfill`) takes to show.
 */
export const HISTORY_TTL_MS = 60_000;
/**
 * The memory of the loaded closes: a currency's year is ~2–5 KB (its rates' text, their offsets and
 * a byte a day for the source), so 8 MB holds ~2 000 of them — ten symbols over every year since
 * 1999 several times over, or every catalogued currency over seven years; a series loads what it
 * lacks, its symbols' year in one query.
 */
const CLOSE_BYTES = 8 * 1024 * 1024;
/**
 * The memory of the memoised display columns (one year × base × code: ~4 KB for a fiat symbol's
 * ~260 rates, ~6 KB for a crypto's 365): ~5 000 of them, five bases over a hundred symbols over
 * nine years. One missed costs ~0.2 ms to build again (displayCrossRate). With the closes', within
 * the public API's 200 MB (bench `--only history`).
 */
const DISPLAY_BYTES = 24 * 1024 * 1024;
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
  /** The sources of each symbol's rate: the base's close's (unless USD) and the symbol's, once each. */
  sources: readonly (readonly string[])[];
}

/** A time series to go through day by day, checked whole before the first day is read. */
export interface SeriesTable {
  /** The last day listed (undefined when the base has no close in the period). */
  last: string | undefined;
  /** The provenance and coverage of the symbols, as the JSON answer gives them. */
  provenance: SeriesProvenance;
  /** `year:fingerprint` of each year read: changes whenever a close the series could list changes. */
  versions: readonly string[];
  /** The days listed, oldest first; each day's rates are formatted as it is read. */
  days(): Iterable<SeriesRow>;
}

/** One day's close: units of each currency per 1 USD, each carried forward within a week. */
export interface DailyClose {
  /** The newest day of the closes gathered. */
  day: string;
  perUsd: Map<string, RateDecimal>;
  /** Per currency: the day of its close and its source. */
  closes: Map<string, { day: string; source: string }>;
}

/** Where a time series' rates come from and what it covers, per currency. */
export interface SeriesProvenance {
  /** The sources used, in the order of precedence. */
  sources: string[];
  /** Per currency (the base unless USD, then each symbol): its closes' sources, span by span. */
  spans: Map<string, SourceSpan[]>;
  /** Per symbol that misses days: what it covers. */
  gaps: Map<string, Coverage>;
}

const yearOf = (day: string) => Number(day.slice(0, 4));
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whether any of these columns has a rate on day i. */
function anyRate(columns: readonly DisplayColumn[], i: number): boolean {
  for (const column of columns) if (column.hasAny(i, i + 1)) return true;
  return false;
}

/**
 * Reads rate_history (filled by `npm run rates:backfill` and the worker's ingest) through an
 * in-process store of each currency's closes a year at a time (see CloseStore): answers cost no
 * query while the columns they read are fresh. The worker's `rates:changed` announcement makes the
 * loaded columns of the recent years re-check (one fingerprint query for those a call reads) on
 * their next use; without one, a change shows within HISTORY_TTL_MS.
 */
@Injectable()
export class RateHistory implements OnModuleInit {
  private readonly logger = new Logger(RateHistory.name);
  readonly store: CloseStore;
  private cachedRange?: { value: { first: string; last: string }; checkedAt: number; generation: number };
  private cachedHeld?: {
    value: Promise<ReadonlyMap<string, { first: string; last: string }>>;
    checkedAt: number;
    generation: number;
  };
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
    private readonly repository: RateHistoryRepository,
    private readonly rates: CurrentRates,
  ) {
    this.store = new CloseStore(
      {
        fingerprints: (year, codes) => this.repository.yearFingerprints(year, codes, HISTORY_SOURCES),
        // Each currency's close of a day from its most preferred source (HISTORY_PRECEDENCE), with
        // the fingerprint of all its rows, joined into one row a currency.
        closes: (year, codes) => this.repository.yearCloses(year, codes, HISTORY_SOURCES),
        sourceNames: HISTORY_SOURCES,
      },
      {
        ttlMs: HISTORY_TTL_MS,
        closeBytes: CLOSE_BYTES,
        displayBytes: DISPLAY_BYTES,
        onRefreshError: (year, error) =>
          this.logger.warn(`Re-checking the ${year} history failed: ${(error as Error).message}`),
      },
    );
  }

  onModuleInit(): void {
    this.rates.onAnnouncement(() => this.invalidate());
  }

  /**
   * After a `rates:changed` announcement: ingest writes only the latest fixes, so the loaded columns
   * of the years it can touch (this one and, early in January, the last) and the range re-check on
   * next use.
   * Older years are corrected by `rates:backfill` alone and show within HISTORY_TTL_MS.
   */
  invalidate(now = Date.now()): void {
    this.generation++;
    this.store.invalidate(new Date(now).getUTCFullYear() - 1);
  }

  /**
   * Each currency's last close on or before `day`, within a week (weekends and holidays carry
   * forward; a currency without one in that week is absent), or null when there is none at all.
   */
  async closeOn(day: string): Promise<DailyClose | null> {
    const earliest = shiftDay(day, 1 - CARRY_FORWARD_DAYS);
    const perUsd = new Map<string, RateDecimal>();
    const closes = new Map<string, { day: string; source: string }>();
    let newest: string | undefined;
    for (let year = yearOf(day); year >= yearOf(earliest); year--) {
      const data = await this.store.year(year, await this.everyCode());
      for (let i = data.from(shiftDay(day, 1)) - 1; i >= 0 && data.days[i] >= earliest; i--) {
        for (const currency of data.codesHeld()) {
          if (perUsd.has(currency)) continue;
          const rate = data.perUsd(currency, i);
          if (rate === undefined) continue;
          perUsd.set(currency, new RateDecimal(rate));
          closes.set(currency, { day: data.days[i], source: data.sourceOf(currency, i) ?? 'ecb' });
          newest ??= data.days[i];
        }
      }
    }
    return newest === undefined ? null : { day: newest, perUsd, closes };
  }

  private cachedCodes?: { value: Promise<readonly string[]>; checkedAt: number };

  /**
   * Every currency history holds or may hold: the catalogue's, and those no longer catalogued that a
   * source published (the ECB's BGN, HRK, the euro's predecessors…), whose closes stay true for
   * their days. The stored ones are found by a skip scan of the (currency, day) index — one probe a
   * currency, not a read of the table — kept HISTORY_TTL_MS.
   */
  private everyCode(now = Date.now()): Promise<readonly string[]> {
    const cached = this.cachedCodes;
    if (cached && now - cached.checkedAt < HISTORY_TTL_MS) return cached.value;
    const value = this.repository
      .storedCurrencies()
      .then((stored) => [...new Set([...CATALOGUE_CODES, ...stored])]);
    // A failed query is not kept: the next call asks again.
    value.catch(() => {
      if (this.cachedCodes?.value === value) this.cachedCodes = undefined;
    });
    this.cachedCodes = { value, checkedAt: now };
    return value;
  }

  /** 404 `history-unavailable` for `currency` on `day` (any currency when undefined), naming what we hold. */
  async unavailable(currency: string | undefined, day: string): Promise<Error> {
    if (currency === undefined) return noClosesOn(day, await this.range());
    return noCloseFor(currency, day, await this.heldRange(currency));
  }

  /** The first and last day of `currency`'s stored closes, or null when none is stored. */
  async heldRange(currency: string): Promise<HeldRange> {
    return (await this.heldRanges()).get(currency) ?? null;
  }

  /**
   * Per catalogued currency, the first and last day of its stored closes (from any source history
   * answers from): one index probe each, kept like the years (HISTORY_TTL_MS, or until an announcement).
   */
  heldRanges(now = Date.now()): Promise<ReadonlyMap<string, { first: string; last: string }>> {
    const cached = this.cachedHeld;
    if (cached && cached.generation === this.generation && now - cached.checkedAt < HISTORY_TTL_MS) {
      return cached.value;
    }
    const value = this.repository.heldRanges(CATALOGUE_CODES, HISTORY_SOURCES);
    // A failed query is not kept: the next call asks again.
    value.catch(() => {
      if (this.cachedHeld?.value === value) this.cachedHeld = undefined;
    });
    this.cachedHeld = { value, checkedAt: now, generation: this.generation };
    return value;
  }

  /**
   * The `"day":{"CODE":rate,…}` members of a time series from `start` to `end`, oldest first, written
   * into a body with room in front for the answer's head, the last day listed and the series'
   * provenance. Nothing filled in: with `requested` symbols, the days on which any of them has a rate
   * (its close and the base's that day), each listing those that have one; without, every day, each
   * listing what it has that the plan includes. A symbol missing days is not refused but named in
   * the provenance's gaps; only a period without a single rate is a 404.
   */
  async series(
    start: string,
    end: string,
    base: string,
    requested: readonly string[] | undefined,
    plan: PlanId,
    numbers: NumbersFormat = 'number',
  ): Promise<{
    members: AsciiWriter;
    last: string | undefined;
    versions: string[];
    provenance: SeriesProvenance;
  }> {
    const { spans, columnsOf, daysOf, codes } = await this.period(start, end, base, requested, plan);
    const quoted = numbers === 'string';
    // What the series is made of: the years read, each by the fingerprint of its rows.
    const versions = spans.map(({ data }) => `${data.year}:${data.fingerprint}`);
    const provenance = await this.provenance(spans, start, end, base, codes, columnsOf);
    if (!columnsOf) return { ...this.writeSeries(spans, 64 * 1024, quoted, daysOf), versions, provenance };
    // Sized for the widest members (and their quotes), so the body is never grown and copied.
    let capacity = 0;
    spans.forEach(({ first, stop }, y) => {
      const perDay = columnsOf[y].reduce((sum, column) => sum + column.widest + (quoted ? 2 : 0), DAY_BYTES);
      capacity += (stop - first) * perDay;
    });
    return { ...this.writeSeries(spans, capacity, quoted, daysOf), versions, provenance };
  }

  /**
   * The same time series as `series`, as a table to go through row by row (exports): the days it
   * lists, each with the symbols that have a rate and their sources (the same 404 as `series`,
   * thrown here, before a caller writes anything), the last day listed, and the fingerprints of the
   * years read.
   */
  async seriesTable(
    start: string,
    end: string,
    base: string,
    requested: readonly string[] | undefined,
    plan: PlanId,
  ): Promise<SeriesTable> {
    const { spans, daysOf, codes } = await this.period(start, end, base, requested, plan);
    const listed: SeriesTableDay[] = [];
    eachListedDay(spans, daysOf, (data, i, day) => {
      if (anyRate(day.columns, i)) listed.push({ data, i, day });
    });
    return {
      last: listed.at(-1)?.data.days[listed.at(-1)!.i],
      provenance: await this.provenance(spans, start, end, base, codes),
      versions: spans.map(({ data }) => `${data.year}:${data.fingerprint}`),
      *days() {
        for (const { data, i, day } of listed) {
          const symbols: string[] = [];
          const rates: string[] = [];
          const sources: string[][] = [];
          const baseSource = data.sourceOf(base, i);
          day.columns.forEach((column, s) => {
            const rate = column.at(i);
            if (rate === null) return;
            const code = day.codes[s];
            symbols.push(code);
            rates.push(rate);
            sources.push(sourcesInOrder([baseSource, data.sourceOf(code, i)].filter((x) => x !== undefined)));
          });
          yield { day: data.days[i], symbols, rates, sources };
        }
      },
    };
  }

  /** Per currency of the series, its closes' sources span by span and, per symbol, its gaps. */
  private async provenance(
    spans: readonly YearSpan[],
    start: string,
    end: string,
    base: string,
    codes: readonly string[],
    /** The symbols' display columns per span, when the series has them already. */
    columnsOf?: readonly (readonly DisplayColumn[])[],
  ): Promise<SeriesProvenance> {
    const used = new Set<string>();
    const sourceSpans = new Map<string, SourceSpan[]>();
    for (const code of base === 'USD' ? codes : [base, ...codes]) {
      if (code === 'USD' || sourceSpans.has(code)) continue;
      const spansOfCode = sourceSpansOf(spans, code);
      for (const { source } of spansOfCode) used.add(source);
      sourceSpans.set(code, spansOfCode);
    }
    // A close of the week before `start` carries into it (from the year before, early in January).
    const earliest = shiftDay(start, 1 - CARRY_FORWARD_DAYS);
    const before =
      yearOf(earliest) < yearOf(start)
        ? await this.store.year(yearOf(start) - 1, [base, ...codes])
        : undefined;
    const firstCovered = spans.length > 0 ? spans[0].data.from(earliest) : 0;
    const gaps = new Map<string, Coverage>();
    const [startN, endN] = [dayNumber(start), dayNumber(end)];
    for (let c = 0; c < codes.length; c++) {
      const code = codes[c];
      const columns: ColumnSpan[] = [];
      if (before) {
        const column = this.store.column(before, base, code);
        columns.push({ data: before, first: before.from(earliest), stop: before.days.length, column });
      }
      for (let y = 0; y < spans.length; y++) {
        const { data, first, stop } = spans[y];
        const column = columnsOf?.[y][c] ?? this.store.column(data, base, code);
        columns.push({ data, first: y === 0 ? firstCovered : first, stop, column });
      }
      const coverage = coverageOf(columns, startN, endN, CARRY_FORWARD_DAYS);
      if (coverage.missing.length > 0) gaps.set(code, coverage);
    }
    return { sources: sourcesInOrder(used), spans: sourceSpans, gaps };
  }

  /**
   * The years of a period, what each day of them lists, the symbols it is about and, with
   * `requested` symbols, their display columns; a period in which neither the base nor any symbol
   * has a single rate is a 404 naming what we hold.
   */
  private async period(
    start: string,
    end: string,
    base: string,
    requested: readonly string[] | undefined,
    plan: PlanId,
  ): Promise<{ spans: YearSpan[]; daysOf: DaysOf; codes: readonly string[]; columnsOf?: DisplayColumn[][] }> {
    const spans: YearSpan[] = [];
    // Only the currencies asked about are read; a series of every currency reads them all.
    const read = requested ? [base, ...requested] : await this.everyCode();
    for (let year = yearOf(start); year <= yearOf(end); year++) {
      const data = await this.store.year(year, read);
      let stop = data.from(end);
      if (data.days[stop] === end) stop++;
      spans.push({ data, first: data.from(start), stop });
    }
    if (!spans.some(({ first, stop }) => stop > first)) {
      throw await this.nothingBetween(start, end, [base, ...(requested ?? [])], spans);
    }
    if (!requested) {
      const codes = new Set<string>();
      for (const { data, first, stop } of spans) {
        for (const code of data.codesHeld()) {
          if (code === base || codes.has(code) || !planAllowsCurrency(plan, code)) continue;
          if (data.hasAny(code, first, stop)) codes.add(code);
        }
      }
      if (base !== 'USD' && planAllowsCurrency(plan, 'USD')) codes.add('USD');
      return { spans, codes: [...codes].sort(), daysOf: this.daysOfAll(base, plan) };
    }
    const columnsOf = spans.map(({ data }) => requested.map((code) => this.store.column(data, base, code)));
    const withCloses = requested.filter((_code, c) =>
      spans.some(({ first, stop }, y) => columnsOf[y][c].hasAny(first, stop)),
    );
    if (withCloses.length === 0) throw await this.nothingBetween(start, end, [base, ...requested], spans);
    return { spans, columnsOf, codes: requested, daysOf: this.daysOfRequested(requested, columnsOf) };
  }

  /** The 404 of a period without a rate: naming each of `codes` with no close in it, and what we hold of it. */
  private async nothingBetween(
    start: string,
    end: string,
    codes: readonly string[],
    spans: readonly YearSpan[],
  ): Promise<Error> {
    const ranges = await this.heldRanges();
    const hasClose = (code: string) => spans.some(({ data, first, stop }) => data.hasAny(code, first, stop));
    const without = [...new Set(codes)]
      .filter((code) => code !== 'USD' && !hasClose(code))
      .map((code) => ({ code, range: ranges.get(code) ?? null }));
    return noClosesBetween(start, end, without, await this.range());
  }

  /**
   * With requested symbols: every day, listing them all (a day on which none has a rate is left out
   * by the writer, or the table, as a day of any series is).
   */
  private daysOfRequested(
    requested: readonly string[],
    columnsOf: readonly (readonly DisplayColumn[])[],
  ): DaysOf {
    return (_span, y) => {
      const day = { columns: columnsOf[y], codes: requested };
      return () => day;
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
   * Writes the days of `spans` that `daysOf` lists, each with the members of its columns that have a
   * rate that day (rates quoted when `quoted`; a day with none is left out), into a pooled body,
   * and returns it with the last day.
   */
  private writeSeries(
    spans: readonly YearSpan[],
    capacity: number,
    quoted: boolean,
    daysOf: DaysOf,
  ): { members: AsciiWriter; last: string | undefined } {
    const out = new AsciiWriter(capacity, SERIES_HEAD_ROOM);
    let last: string | undefined;
    try {
      eachListedDay(spans, daysOf, (data, i, day) => {
        // The first column with a rate that day opens it; each one after it writes its member if
        // it has one (one check a column, not a check of them all before writing).
        const columns = day.columns;
        let s = 0;
        while (s < columns.length && !columns[s].has(i)) s++;
        if (s === columns.length) return;
        data.writeDayKey(out, i, last === undefined);
        columns[s].writeMember(out, i, true, quoted);
        for (s++; s < columns.length; s++) columns[s].writeMember(out, i, false, quoted);
        out.byte(CLOSE);
        last = data.days[i];
      });
    } catch (error) {
      out.discard();
      throw error;
    }
    return { members: out, last };
  }

  /** The range as last read, while it is fresh: what `range` answers without a query. */
  knownRange(now = Date.now()): { first: string; last: string } | undefined {
    const cached = this.cachedRange;
    return cached && cached.generation === this.generation && now - cached.checkedAt < HISTORY_TTL_MS
      ? cached.value
      : undefined;
  }

  /** The first and last day with data of any catalogued currency, or null when nothing has been imported. */
  async range(now = Date.now()): Promise<{ first: string; last: string } | null> {
    const known = this.knownRange(now);
    if (known !== undefined) return known;
    const generation = this.generation;
    let first: string | undefined;
    let last: string | undefined;
    for (const range of (await this.heldRanges(now)).values()) {
      if (first === undefined || range.first < first) first = range.first;
      if (last === undefined || range.last > last) last = range.last;
    }
    if (!first || !last) return null; // not kept: an import shows at once
    const value = { first, last };
    this.cachedRange = { value, checkedAt: now, generation };
    return value;
  }
}
