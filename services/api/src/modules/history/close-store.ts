import { displayRate, RateDecimal } from '@fxrates/rates';
import { asciiBytes, type AsciiWriter } from './ascii-writer';
import { LRUCache } from 'lru-cache';

/** One rate_history row as read: the rate exactly as PostgreSQL prints the numeric, and its source. */
export interface HistoryRow {
  day: string;
  currency: string;
  rate: string;
  /** The provider whose close this is (absent: 'ecb', for stores fed by one source). */
  source?: string;
}

/**
 * Source names, interned: a year keeps one byte per close for its source instead of a string
 * reference (8 bytes), and the names are few (the providers).
 */
const SOURCE_NAMES: string[] = [];
function sourceIndex(name: string): number {
  let index = SOURCE_NAMES.indexOf(name);
  if (index < 0) {
    if (SOURCE_NAMES.length >= 255) throw new Error(`More than 255 history sources: ${name}`);
    index = SOURCE_NAMES.push(name) - 1;
  }
  return index + 1; // 0: no close
}

/** Days `from` to `to` (indexes, both with a close) on which a currency's closes come from one source. */
export interface SourceRun {
  index: number;
  from: number;
  to: number;
}

/** The name of an interned source (HistoryYear.sourceIndexes). */
export function sourceName(index: number): string {
  return SOURCE_NAMES[index - 1];
}

const DAY_MS = 86_400_000;

/** What the store needs from the database: a year's fingerprint and rows, oldest first. */
export interface YearSource {
  fingerprint(year: number): Promise<string>;
  rows(year: number): Promise<HistoryRow[]>;
}

/** `,"YYYY-MM-DD":{`: a day's key in a time series, after a comma unless it is the first. */
const DAY_MEMBER_LENGTH = ',"YYYY-MM-DD":{'.length;

/** A year of closes as published: rates kept as their exact decimal text, parsed only when needed. */
export class HistoryYear {
  /** The business days with at least one rate, in order. */
  readonly days: string[] = [];
  /** `,"YYYY-MM-DD":{` for each of `days`, as ASCII: what a time series writes. */
  private readonly dayMembers: Uint8Array;
  /** Per currency, its rate on each of `days` (undefined where no source has one). */
  readonly rates = new Map<string, (string | undefined)[]>();
  /** Per currency, the source of its rate on each of `days` (interned; 0 where there is none). */
  private readonly sources = new Map<string, Uint8Array>();
  /** Per day, the codes published that day plus USD, sorted; days with the same set share one array. */
  readonly codes: readonly string[][];
  /** Each of `days` as days since 1970-01-01: what coverage arithmetic works on. */
  readonly dayNumbers: Int32Array;

  constructor(
    readonly year: number,
    readonly fingerprint: string,
    rows: readonly HistoryRow[],
  ) {
    const perDay: string[][] = [];
    const sourceColumns = new Map<string, number[]>();
    for (const { day, currency, rate, source } of rows) {
      if (this.days.at(-1) !== day) {
        this.days.push(day);
        perDay.push([]);
      }
      const i = this.days.length - 1;
      let column = this.rates.get(currency);
      if (!column) {
        this.rates.set(currency, (column = []));
        sourceColumns.set(currency, []);
      }
      column[i] = rate;
      sourceColumns.get(currency)![i] = sourceIndex(source ?? 'ecb');
      perDay[i].push(currency);
    }
    for (const column of this.rates.values()) column.length = this.days.length;
    for (const [currency, indexes] of sourceColumns) {
      const bytes = new Uint8Array(this.days.length);
      indexes.forEach((index, i) => (bytes[i] = index));
      this.sources.set(currency, bytes);
    }
    this.dayNumbers = Int32Array.from(this.days, (day) => Date.parse(`${day}T00:00:00Z`) / DAY_MS);
    this.dayMembers = asciiBytes(this.days.map((day) => `,"${day}":{`).join(''));
    const shared = new Map<string, string[]>();
    this.codes = perDay.map((codes) => {
      const sorted = [...codes, 'USD'].sort();
      const key = sorted.join(',');
      let same = shared.get(key);
      if (!same) shared.set(key, (same = sorted));
      return same;
    });
  }

  /** Appends `"YYYY-MM-DD":{` for day i, after a comma unless `first`. */
  writeDayKey(out: AsciiWriter, i: number, first: boolean): void {
    out.bytes(this.dayMembers, i * DAY_MEMBER_LENGTH + (first ? 1 : 0), (i + 1) * DAY_MEMBER_LENGTH);
  }

  /** Index of the first day ≥ `day` (days.length when none). */
  from(day: string): number {
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.days[mid] < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The rate of `code` per USD on day i as text, '1' for USD itself, undefined when unpublished. */
  perUsd(code: string, i: number): string | undefined {
    return code === 'USD' ? '1' : this.rates.get(code)?.[i];
  }

  /** Per day, the interned source of `code`'s close (0: none; sourceName gives its name). */
  sourceIndexes(code: string): Uint8Array | undefined {
    return this.sources.get(code);
  }

  private readonly runs = new Map<string, readonly SourceRun[]>();

  /**
   * `code`'s closes of the year as runs of one source each, by day index (days without a close do
   * not break a run): worked out once per code, as a series asks for them on every call.
   */
  sourceRuns(code: string): readonly SourceRun[] {
    let runs = this.runs.get(code);
    if (runs) return runs;
    const built: SourceRun[] = [];
    const indexes = this.sources.get(code);
    if (indexes) {
      for (let i = 0; i < indexes.length; i++) {
        const index = indexes[i];
        if (index === 0) continue;
        const last = built.at(-1);
        if (last && last.index === index) last.to = i;
        else built.push({ index, from: i, to: i });
      }
    }
    this.runs.set(code, (runs = built));
    return runs;
  }

  /** The source of `code`'s close on day i (undefined for USD, the unit, and where there is none). */
  sourceOf(code: string, i: number): string | undefined {
    const index = this.sources.get(code)?.[i];
    return index ? SOURCE_NAMES[index - 1] : undefined;
  }
}

const QUOTE = '"'.charCodeAt(0);

/**
 * The displayed base→code rate on each day of a year, or null where either side is missing, held
 * as the JSON member a time series writes for it (`,"CODE":0.9123`) in ASCII, end to end, with
 * their end offsets. Not an array of strings: thousands of memoised columns then cost the garbage
 * collector two objects each, not one per day, and an answer copies each member into its body in
 * one go (AsciiWriter).
 */
export class DisplayColumn {
  /** The longest member in bytes: with it a caller can size a body before writing it. */
  readonly widest: number;

  constructor(
    private readonly ascii: Uint8Array,
    /** ends[i]: where day i's member ends in `ascii` (it starts where day i - 1's ends; empty: none). */
    private readonly ends: Uint32Array,
    /** `,"CODE":`, before each rate. */
    private readonly keyLength: number,
  ) {
    let widest = 0;
    for (let i = 0; i < ends.length; i++) widest = Math.max(widest, ends[i] - (i === 0 ? 0 : ends[i - 1]));
    this.widest = widest;
  }

  get length(): number {
    return this.ends.length;
  }

  /** Whether day i has a rate. */
  has(i: number): boolean {
    return this.ends[i] > (i === 0 ? 0 : this.ends[i - 1]);
  }

  private rated?: Int32Array;

  /** The indexes of the days with a rate, in order (worked out once per column). */
  ratedDays(): Int32Array {
    if (!this.rated) {
      const rated: number[] = [];
      for (let i = 0; i < this.ends.length; i++) if (this.has(i)) rated.push(i);
      this.rated = Int32Array.from(rated);
    }
    return this.rated;
  }

  private longGaps?: Int32Array;

  /**
   * The positions p in ratedDays() whose day comes more than `carryDays` after the one at p - 1, by
   * the year's day numbers (the same year and carry every call: worked out once per column).
   */
  gapsLongerThan(numbers: Int32Array, carryDays: number): Int32Array {
    if (!this.longGaps) {
      const rated = this.ratedDays();
      const gaps: number[] = [];
      for (let p = 1; p < rated.length; p++)
        if (numbers[rated[p]] - numbers[rated[p - 1]] > carryDays) gaps.push(p);
      this.longGaps = Int32Array.from(gaps);
    }
    return this.longGaps;
  }

  /** Whether any day from `first` up to (not including) `stop` has a rate. */
  hasAny(first: number, stop: number): boolean {
    return stop > first && this.ends[stop - 1] > (first === 0 ? 0 : this.ends[first - 1]);
  }

  /**
   * Appends `"CODE":rate` for day i to `out` (`"CODE":"rate"` when `quoted`), after a comma unless
   * `first`; false (nothing written) when there is no rate.
   */
  writeMember(out: AsciiWriter, i: number, first: boolean, quoted = false): boolean {
    const start = i === 0 ? 0 : this.ends[i - 1];
    const end = this.ends[i];
    if (start === end) return false;
    if (!quoted) {
      out.bytes(this.ascii, first ? start + 1 : start, end);
      return true;
    }
    const rateStart = start + this.keyLength;
    out.bytes(this.ascii, first ? start + 1 : start, rateStart);
    out.byte(QUOTE);
    out.bytes(this.ascii, rateStart, end);
    out.byte(QUOTE);
    return true;
  }

  /** The rate on day i as text. */
  at(i: number): string | null {
    const start = i === 0 ? 0 : this.ends[i - 1];
    const end = this.ends[i];
    return start === end ? null : String.fromCharCode(...this.ascii.subarray(start + this.keyLength, end));
  }

  toArray(): (string | null)[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }
}

const ONE = new RateDecimal(1);

/**
 * base→code on every day of the year, exactly as `displayRate(crossRate(…))` gives it: the
 * 40-digit quotient to/USD ÷ from/USD, then 10 significant digits half-even. With base USD the
 * quotient is the rate itself (x ÷ 1 only rounds to 40 digits, which a stored rate never exceeds;
 * the division still runs for one that would).
 */
export function displayColumn(year: HistoryYear, base: string, code: string): DisplayColumn {
  let text = '';
  const key = `,"${code}":`;
  const ends = new Uint32Array(year.days.length);
  for (let i = 0; i < year.days.length; i++) {
    const from = year.perUsd(base, i);
    const to = year.perUsd(code, i);
    if (from !== undefined && to !== undefined) {
      const toPerUsd = new RateDecimal(to);
      const rate =
        base === 'USD' && toPerUsd.sd() <= RateDecimal.precision
          ? toPerUsd
          : toPerUsd.div(base === 'USD' ? ONE : new RateDecimal(from));
      text += key + displayRate(rate).toString();
    }
    ends[i] = text.length;
  }
  return new DisplayColumn(asciiBytes(text), ends, key.length);
}

interface YearEntry {
  data?: HistoryYear;
  /** When `data` was last known to match the database. */
  checkedAt: number;
  /** Bumped by invalidate(); `data` is trusted only while checkedVersion equals it. */
  version: number;
  checkedVersion: number;
  pending?: Promise<HistoryYear>;
}

export interface CloseStoreOptions {
  /** How long a loaded year is trusted without asking the database again. */
  ttlMs: number;
  /** How many display columns (one base, code and year each, ~260 strings) to keep. */
  columnLimit: number;
  /**
   * How many years to keep loaded (every currency's closes of a year are a few MB): the least
   * recently used beyond it is dropped, and loaded again when asked for. Unbounded when absent.
   */
  yearLimit?: number;
  /** Told when a background re-check fails (the loaded year keeps answering meanwhile). */
  onRefreshError?: (year: number, error: unknown) => void;
}

/**
 * The history in process: each calendar year of closes (each currency's from its preferred source)
 * loaded on first use (one query), then kept (the `yearLimit` most recently used).
 * Published closes do not change, but ingest adds the current day and `rates:backfill` can add or
 * correct any day, so a year is re-checked against the database — one query returning an md5 of
 * its rows, reloaded only when that differs — once `ttlMs` has passed since its last check, or on
 * the next use after `invalidate()`. A loaded year keeps answering while it is re-checked
 * (stale-while-revalidate), so no request waits on a check; only a year never loaded is awaited.
 * Displayed cross rates are memoised per (year, base, code) in a bounded LRU.
 */
export class CloseStore {
  private readonly years = new Map<number, YearEntry>();
  private loaded = 0;
  private readonly columns: LRUCache<string, { year: HistoryYear; column: DisplayColumn }>;

  constructor(
    private readonly source: YearSource,
    readonly options: CloseStoreOptions,
  ) {
    this.columns = new LRUCache({ max: options.columnLimit });
  }

  /** Makes the loaded years from `fromYear` on re-check the database on their next use. */
  invalidate(fromYear = -Infinity): void {
    for (const [year, entry] of this.years) if (year >= fromYear) entry.version++;
  }

  /** Counts the years loaded or reloaded: an answer built before the last one may be outdated. */
  get loads(): number {
    return this.loaded;
  }

  /** The year's closes: as loaded while being re-checked, awaited only on first use. */
  year(year: number, now = Date.now()): HistoryYear | Promise<HistoryYear> {
    let entry = this.years.get(year);
    if (!entry) entry = { checkedAt: 0, version: 0, checkedVersion: -1 };
    // Re-inserted on each use: the Map's order is then the order of last use, oldest first.
    this.years.delete(year);
    this.years.set(year, entry);
    this.dropLeastUsedYears();
    const fresh = entry.checkedVersion === entry.version && now - entry.checkedAt < this.options.ttlMs;
    if (entry.data && fresh) return entry.data;
    const current = entry;
    const refreshing = (current.pending ??= this.refresh(year, current, now).finally(
      () => (current.pending = undefined),
    ));
    if (!current.data) return refreshing;
    // Not awaited: a failure leaves the year unchecked, so the next use tries again.
    refreshing.catch((error: unknown) => this.options.onRefreshError?.(year, error));
    return current.data;
  }

  private dropLeastUsedYears(): void {
    const limit = this.options.yearLimit ?? Infinity;
    for (const [year, entry] of this.years) {
      if (this.years.size <= limit) return;
      if (!entry.pending) this.years.delete(year);
    }
  }

  private async refresh(year: number, entry: YearEntry, now: number): Promise<HistoryYear> {
    const version = entry.version;
    // Fingerprint first: a change landing between the two queries is seen at the next check.
    const fingerprint = await this.source.fingerprint(year);
    if (entry.data?.fingerprint !== fingerprint) {
      entry.data = new HistoryYear(year, fingerprint, await this.source.rows(year));
      this.loaded++;
    }
    entry.checkedAt = now;
    entry.checkedVersion = version;
    return entry.data;
  }

  /** base→code displayed for every day of `year`. */
  column(year: HistoryYear, base: string, code: string): DisplayColumn {
    const key = `${year.year}${base}${code}`;
    const cached = this.columns.get(key);
    if (cached && cached.year === year) return cached.column;
    const column = displayColumn(year, base, code);
    this.columns.set(key, { year, column });
    return column;
  }

  /** Counts for tests and the memory figures of docs/performance.md. */
  stats(): { years: number; columns: number } {
    return { years: this.years.size, columns: this.columns.size };
  }
}
