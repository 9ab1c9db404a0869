import { LRUCache } from 'lru-cache';
import { asciiBytes, type AsciiWriter } from './ascii-writer';

/**
 * A currency's preferred closes of a year as the database sends them: one row, its values joined
 * (a few strings a currency, not objects and strings a close — what a load leaves to the collector).
 */
export interface ColumnRows {
  /** The days' indexes in the year (0: 1 January), ascending, comma-separated. */
  days: string;
  /** Each day's rate exactly as PostgreSQL prints the numeric, comma-separated. */
  rates: string;
  /** Each day's source as one character: 'A' + its index in `sourceNames`. */
  sources: string;
}

/** One rate_history row as read: the rate exactly as PostgreSQL prints the numeric, and its source. */
export interface HistoryRow {
  day: string;
  currency: string;
  rate: string;
  /** The provider whose close this is (absent: 'ecb', for stores fed by one source). */
  source?: string;
}

/**
 * Source names, interned: a column keeps one byte per day for its source instead of a string
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

/** The name of an interned source (HistoryYear.sourceIndexes). */
export function sourceName(index: number): string {
  return SOURCE_NAMES[index - 1];
}

/** Days `from` to `to` (indexes, both with a close) on which a currency's closes come from one source. */
export interface SourceRun {
  index: number;
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;
/** `,"YYYY-MM-DD":{`: a day's key in a time series, after a comma unless it is the first. */
const DAY_MEMBER_LENGTH = ',"YYYY-MM-DD":{'.length;

/**
 * The calendar days of a year, which every column of the year is indexed by: the same for every
 * currency, so that a fiat column (weekdays) and a crypto one (every day) line up without a
 * per-year union of the days published, and a column loads without the others.
 */
export class YearAxis {
  readonly days: string[] = [];
  /** Each of `days` as days since 1970-01-01: what coverage arithmetic works on. */
  readonly dayNumbers: Int32Array;
  /** `,"YYYY-MM-DD":{` for each of `days`, as ASCII: what a time series writes. */
  private readonly dayMembers: Uint8Array;
  private readonly firstNumber: number;

  private constructor(readonly year: number) {
    this.firstNumber = Date.UTC(year, 0, 1) / DAY_MS;
    const stop = Date.UTC(year + 1, 0, 1) / DAY_MS;
    for (let n = this.firstNumber; n < stop; n++)
      this.days.push(new Date(n * DAY_MS).toISOString().slice(0, 10));
    this.dayNumbers = Int32Array.from(this.days, (_day, i) => this.firstNumber + i);
    this.dayMembers = asciiBytes(this.days.map((day) => `,"${day}":{`).join(''));
    this.nothing = {
      sources: new Uint8Array(this.days.length),
      ends: new Uint16Array(this.days.length),
      rates: '',
    };
  }

  /** The arrays of a column without a close, shared by every such column of the year. */
  readonly nothing: { sources: Uint8Array; ends: Uint16Array; rates: string };

  /**
   * The axes last asked for (~25 KB each): any year from 0000 is a valid date to ask about, so the
   * ones kept are bounded, not one per year a caller can name.
   */
  private static readonly axes = new LRUCache<number, YearAxis>({ max: 64 });

  /** The year's axis (made once while it is among the last 64 years asked for). */
  static of(year: number): YearAxis {
    let axis = YearAxis.axes.get(year);
    if (!axis) YearAxis.axes.set(year, (axis = new YearAxis(year)));
    return axis;
  }

  /** How many axes are kept (tests). */
  static get kept(): number {
    return YearAxis.axes.size;
  }

  /** Index of the first day ≥ `day` (days.length when none). */
  from(day: string): number {
    if (day < this.days[0]) return 0;
    if (day > this.days[this.days.length - 1]) return this.days.length;
    return Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS - this.firstNumber;
  }

  /** The index of `day`, which must be a day of this year. */
  indexOf(day: string): number {
    return Date.parse(`${day}T00:00:00Z`) / DAY_MS - this.firstNumber;
  }

  /** Appends `"YYYY-MM-DD":{` for day i, after a comma unless `first`. */
  writeDayKey(out: AsciiWriter, i: number, first: boolean): void {
    out.bytes(this.dayMembers, i * DAY_MEMBER_LENGTH + (first ? 1 : 0), (i + 1) * DAY_MEMBER_LENGTH);
  }
}

const COMMA = ','.charCodeAt(0);
const ZERO = '0'.charCodeAt(0);
const LETTER_A = 'A'.charCodeAt(0);

/** The closes of one currency in one year that no source published: what a currency without rows holds. */
export const NO_ROWS_FINGERPRINT = '0:0';

/**
 * One currency's preferred close on each day of a year, compactly: the rates' exact decimal texts
 * end to end in one string (one byte a character) with their end offsets, and a byte per day for
 * the source. No object per close: the garbage collector sees three objects a column, whatever the
 * days, and a rate is a slice of the string (building it from bytes cost 7 % of a series' CPU).
 */
export class CloseColumn {
  private readonly rates: string;
  /** ends[i]: where day i's rate ends in `rates` (it starts where day i - 1's ends; empty: none). */
  private readonly ends: Uint16Array | Uint32Array;
  /** Per day, the interned source of the close (0: none). */
  readonly sources: Uint8Array;

  /** `closes`: this currency's in the year (none: undefined), `sourceNames` what their sources index. */
  constructor(
    readonly axis: YearAxis,
    readonly fingerprint: string,
    closes: ColumnRows | undefined,
    sourceNames: readonly string[] = [],
  ) {
    if (!closes || closes.days === '') {
      // Most currencies hold nothing in most years before their bank or listing: one shared column.
      this.sources = axis.nothing.sources;
      this.ends = axis.nothing.ends;
      this.rates = axis.nothing.rates;
      return;
    }
    const { days, rates, sources } = closes;
    const count = axis.days.length;
    const interned = sourceNames.map(sourceIndex);
    this.sources = new Uint8Array(count);
    const ends = rates.length > 0xffff ? new Uint32Array(count) : new Uint16Array(count);
    let length = 0;
    let filled = 0; // days before this one have their end
    let d = 0;
    let r = 0;
    for (let close = 0; d < days.length; close++) {
      let day = 0;
      for (; d < days.length && days.charCodeAt(d) !== COMMA; d++) day = day * 10 + days.charCodeAt(d) - ZERO;
      d++;
      if (day >= count || day < filled)
        throw new Error(`Day ${day} out of order in a column of ${axis.year}`);
      while (filled < day) ends[filled++] = length;
      for (; r < rates.length && rates.charCodeAt(r) !== COMMA; r++) length++;
      r++;
      ends[filled++] = length;
      this.sources[day] = interned[sources.charCodeAt(close) - LETTER_A];
    }
    while (filled < count) ends[filled++] = length;
    this.rates = rates.replaceAll(',', '');
    this.ends = ends;
  }

  /** A column from rows (tests, and years built at once): `rows` this currency's, any order, one a day. */
  static fromRows(axis: YearAxis, fingerprint: string, rows: readonly HistoryRow[]): CloseColumn {
    const sorted = [...rows].sort((a, b) => (a.day < b.day ? -1 : 1));
    const names = [...new Set(sorted.map(({ source }) => source ?? 'ecb'))];
    return new CloseColumn(
      axis,
      fingerprint,
      {
        days: sorted.map(({ day }) => axis.indexOf(day)).join(','),
        rates: sorted.map(({ rate }) => rate).join(','),
        sources: sorted
          .map(({ source }) => String.fromCharCode(LETTER_A + names.indexOf(source ?? 'ecb')))
          .join(''),
      },
      names,
    );
  }

  /** What the column holds in memory, roughly: what the store's budget counts. */
  get bytes(): number {
    if (this.sources === this.axis.nothing.sources) return 200;
    return this.rates.length + this.ends.byteLength + this.sources.byteLength + 200;
  }

  /** Whether day i has a close. */
  has(i: number): boolean {
    return this.sources[i] !== 0;
  }

  /** Whether any day from `first` up to (not including) `stop` has a close. */
  hasAny(first: number, stop: number): boolean {
    return stop > first && this.ends[stop - 1] > (first === 0 ? 0 : this.ends[first - 1]);
  }

  /** The close of day i per USD, as its exact decimal text (undefined: none). */
  rate(i: number): string | undefined {
    const start = i === 0 ? 0 : this.ends[i - 1];
    const end = this.ends[i];
    return start === end ? undefined : this.rates.slice(start, end);
  }

  private runs?: readonly SourceRun[];

  /** The closes as runs of one source each, by day index (days without a close do not break a run). */
  sourceRuns(): readonly SourceRun[] {
    if (this.runs) return this.runs;
    const built: SourceRun[] = [];
    for (let i = 0; i < this.sources.length; i++) {
      const index = this.sources[i];
      if (index === 0) continue;
      const last = built.at(-1);
      if (last && last.index === index) last.to = i;
      else built.push({ index, from: i, to: i });
    }
    return (this.runs = built);
  }
}

/**
 * The closes of a year that a query reads: the columns of the currencies it asked the store for,
 * on the year's calendar axis. Made per query (a map of a few columns); the columns are the
 * store's.
 */
export class HistoryYear {
  constructor(
    readonly axis: YearAxis,
    private readonly closes: ReadonlyMap<string, CloseColumn>,
  ) {}

  /** A year built from rows at once (tests, and what a query reads from the store). */
  static fromRows(year: number, fingerprint: string, rows: readonly HistoryRow[]): HistoryYear {
    const axis = YearAxis.of(year);
    const byCode = new Map<string, HistoryRow[]>();
    for (const row of rows) {
      let list = byCode.get(row.currency);
      if (!list) byCode.set(row.currency, (list = []));
      list.push(row);
    }
    const closes = new Map<string, CloseColumn>();
    for (const [code, list] of byCode) closes.set(code, CloseColumn.fromRows(axis, fingerprint, list));
    return new HistoryYear(axis, closes);
  }

  get year(): number {
    return this.axis.year;
  }

  get days(): readonly string[] {
    return this.axis.days;
  }

  get dayNumbers(): Int32Array {
    return this.axis.dayNumbers;
  }

  from(day: string): number {
    return this.axis.from(day);
  }

  writeDayKey(out: AsciiWriter, i: number, first: boolean): void {
    this.axis.writeDayKey(out, i, first);
  }

  private madeOf?: string;

  /**
   * What the closes read are, as `CODE=fingerprint` of each column: changes whenever one of them
   * does. In the order the currencies were asked for, not sorted: a query asks for the same ones in
   * the same order on every instance, and its text is part of what an answer is named by.
   */
  get fingerprint(): string {
    if (this.madeOf === undefined) {
      let madeOf = '';
      for (const [code, column] of this.closes)
        madeOf += `${madeOf === '' ? '' : ','}${code}=${column.fingerprint}`;
      this.madeOf = madeOf;
    }
    return this.madeOf;
  }

  /** The currencies read that hold a close this year. */
  *codesHeld(): IterableIterator<string> {
    for (const [code, column] of this.closes) if (column.hasAny(0, this.axis.days.length)) yield code;
  }

  /** `code`'s column (undefined for USD, the unit, and for a currency not read). */
  column(code: string): CloseColumn | undefined {
    return this.closes.get(code);
  }

  /** The rate of `code` per USD on day i as text, '1' for USD itself, undefined when unpublished. */
  perUsd(code: string, i: number): string | undefined {
    return code === 'USD' ? '1' : this.closes.get(code)?.rate(i);
  }

  /** Whether `code` has a close from `first` up to (not including) `stop`. */
  hasAny(code: string, first: number, stop: number): boolean {
    return this.closes.get(code)?.hasAny(first, stop) ?? false;
  }

  /** Per day, the interned source of `code`'s close (0: none; sourceName gives its name). */
  sourceIndexes(code: string): Uint8Array | undefined {
    return this.closes.get(code)?.sources;
  }

  /** `code`'s closes of the year as runs of one source each (CloseColumn.sourceRuns). */
  sourceRuns(code: string): readonly SourceRun[] {
    return this.closes.get(code)?.sourceRuns() ?? [];
  }

  /** The source of `code`'s close on day i (undefined for USD, the unit, and where there is none). */
  sourceOf(code: string, i: number): string | undefined {
    const index = this.closes.get(code)?.sources[i];
    return index ? SOURCE_NAMES[index - 1] : undefined;
  }

  private perDay?: readonly (readonly string[])[];

  /**
   * Per day, the codes read that have a close that day plus USD, sorted; days with the same set share
   * one array (what a series of every currency lists, day by day).
   */
  get codes(): readonly (readonly string[])[] {
    if (this.perDay) return this.perDay;
    const held = [...this.closes].filter(([, column]) => column.hasAny(0, this.axis.days.length));
    const shared = new Map<string, string[]>();
    this.perDay = this.axis.days.map((_day, i) => {
      const sorted = [...held.filter(([, column]) => column.has(i)).map(([code]) => code), 'USD'].sort();
      const key = sorted.join(',');
      let same = shared.get(key);
      if (!same) shared.set(key, (same = sorted));
      return same;
    });
    return this.perDay;
  }
}
