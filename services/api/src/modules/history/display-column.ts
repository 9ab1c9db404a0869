import { displayCrossRate } from '@fxrates/rates';
import { asciiBytes, type AsciiWriter } from './ascii-writer';
import type { HistoryYear } from './history-year';

const QUOTE = '"'.charCodeAt(0);

/** `,"CODE":` of each code, in ASCII: shared by every column of the code. */
const KEYS = new Map<string, Uint8Array>();
const keyOf = (code: string) => {
  let key = KEYS.get(code);
  if (!key) KEYS.set(code, (key = asciiBytes(`,"${code}":`)));
  return key;
};

/**
 * The displayed base→code rate on each day of a year, or null where either side is missing: the
 * rates' texts end to end in ASCII with their end offsets, written after the code's shared
 * `,"CODE":`. Not an array of strings: thousands of memoised columns then cost the garbage
 * collector a few objects each, not one per day, and an answer copies each rate into its body in
 * one go (AsciiWriter). A few KB each: what the store's memo holds thousands of.
 */
export class DisplayColumn {
  /** The longest member (`,"CODE":rate`) in bytes: with it a caller can size a body before writing it. */
  readonly widest: number;
  private readonly key: Uint8Array;

  constructor(
    code: string,
    private readonly digits: Uint8Array,
    /** ends[i]: where day i's rate ends in `digits` (it starts where day i - 1's ends; empty: none). */
    private readonly ends: Uint16Array | Uint32Array,
  ) {
    this.key = keyOf(code);
    let widest = 0;
    for (let i = 0; i < ends.length; i++) widest = Math.max(widest, ends[i] - (i === 0 ? 0 : ends[i - 1]));
    this.widest = widest + this.key.length;
  }

  get length(): number {
    return this.ends.length;
  }

  /** What the column holds in memory, roughly: what the store's budget counts. */
  get bytes(): number {
    return this.digits.byteLength + this.ends.byteLength + (this.rated?.byteLength ?? this.ends.length) + 200;
  }

  /** Whether day i has a rate. */
  has(i: number): boolean {
    return this.ends[i] > (i === 0 ? 0 : this.ends[i - 1]);
  }

  private rated?: Uint16Array;

  /** The indexes of the days with a rate, in order (worked out once per column). */
  ratedDays(): Uint16Array {
    if (!this.rated) {
      const rated: number[] = [];
      for (let i = 0; i < this.ends.length; i++) if (this.has(i)) rated.push(i);
      this.rated = Uint16Array.from(rated);
    }
    return this.rated;
  }

  private longGaps?: Uint16Array;

  /**
   * The positions p in ratedDays() whose day comes more than `carryDays` after the one at p - 1, by
   * the year's day numbers (the same year and carry every call: worked out once per column).
   */
  gapsLongerThan(numbers: Int32Array, carryDays: number): Uint16Array {
    if (!this.longGaps) {
      const rated = this.ratedDays();
      const gaps: number[] = [];
      for (let p = 1; p < rated.length; p++)
        if (numbers[rated[p]] - numbers[rated[p - 1]] > carryDays) gaps.push(p);
      this.longGaps = Uint16Array.from(gaps);
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
    out.member(this.key, first ? 1 : 0, this.digits, start, end, quoted ? QUOTE : 0);
    return true;
  }

  /** The rate on day i as text. */
  at(i: number): string | null {
    const start = i === 0 ? 0 : this.ends[i - 1];
    const end = this.ends[i];
    return start === end ? null : String.fromCharCode(...this.digits.subarray(start, end));
  }

  toArray(): (string | null)[] {
    return Array.from({ length: this.length }, (_, i) => this.at(i));
  }
}

/** Where displayColumn writes a column's rates before copying them out at their size (one at a time). */
let scratch = new Uint8Array(16 * 1024);

/**
 * base→code on every day of the year, exactly as `displayRate(crossRate(…))` gives it (the 40-digit
 * quotient to/USD ÷ from/USD, then 10 significant digits half-even: displayCrossRate), or null
 * where either side has no close.
 */
export function displayColumn(year: HistoryYear, base: string, code: string): DisplayColumn {
  const days = year.days.length;
  let length = 0;
  const ends: number[] = new Array<number>(days).fill(0);
  // USD is the unit: no column, 1 on every day.
  const to = code === 'USD' ? undefined : year.column(code);
  const from = base === 'USD' ? undefined : year.column(base);
  if ((to || code === 'USD') && (from || base === 'USD')) {
    for (let i = 0; i < days; i++) {
      if ((!to || to.has(i)) && (!from || from.has(i))) {
        const rate = displayCrossRate(to?.rate(i) ?? '1', from?.rate(i) ?? '1');
        if (length + rate.length > scratch.length) {
          const grown = new Uint8Array(scratch.length * 2 + rate.length);
          grown.set(scratch.subarray(0, length));
          scratch = grown;
        }
        for (let c = 0; c < rate.length; c++) scratch[length++] = rate.charCodeAt(c);
      }
      ends[i] = length;
    }
  }
  const offsets = length > 0xffff ? Uint32Array.from(ends) : Uint16Array.from(ends);
  // In an ArrayBuffer of its own, as asciiBytes: a short one would live in V8's heap, and the copy
  // loop reading both kinds runs at a third of its speed (AsciiWriter.bytes).
  const digits = new Uint8Array(new ArrayBuffer(length));
  digits.set(scratch.subarray(0, length));
  return new DisplayColumn(code, digits, offsets);
}
