import type { DisplayColumn } from './display-column';
import { sourceName, type HistoryYear } from './history-year';

const DAY_MS = 86_400_000;

/** A run of days on which a currency's closes come from one source. */
export interface SourceSpan {
  source: string;
  from: string;
  to: string;
}

/** What a symbol of a time series covers: its first and last rate in the period, and the days it misses. */
export interface Coverage {
  first: string | null;
  last: string | null;
  /** Runs of days with no rate on them nor in the week before (a weekend is not missing; a month is). */
  missing: Array<{ from: string; to: string }>;
}

/** The days of one year a time series covers: indexes `first` up to (not including) `stop`. */
interface Span {
  data: HistoryYear;
  first: number;
  stop: number;
}

const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** A day as days since 1970-01-01. */
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** `code`'s closes over the spans, as runs of one source each (days without a close do not break a run). */
export function sourceSpansOf(spans: readonly Span[], code: string): SourceSpan[] {
  const runs: SourceSpan[] = [];
  let current = 0;
  for (const { data, first, stop } of spans) {
    const indexes = data.sourceIndexes(code);
    if (!indexes) continue;
    for (const run of data.sourceRuns(code)) {
      if (run.to < first || run.from >= stop) continue;
      // The run's first and last close within the span.
      let from = Math.max(run.from, first);
      while (indexes[from] === 0) from++;
      let to = Math.min(run.to, stop - 1);
      while (indexes[to] === 0) to--;
      if (from > to) continue; // no close of the run within the span
      if (run.index === current) runs[runs.length - 1].to = data.days[to];
      else {
        runs.push({ source: sourceName(run.index), from: data.days[from], to: data.days[to] });
        current = run.index;
      }
    }
  }
  return runs;
}

/** A span with the display column of base→code for its year. */
export interface ColumnSpan extends Span {
  column: DisplayColumn;
}

/** The first position in `sorted` whose value is ≥ `value` (sorted.length when none). */
function lowerBound(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position in `rated` (day indexes) whose day number is ≥ `value` (rated.length when none). */
function lowerBoundByNumber(rated: ArrayLike<number>, numbers: Int32Array, value: number): number {
  let lo = 0;
  let hi = rated.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (numbers[rated[mid]] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Which days from `start` to `end` base→code has no rate for, nor one within `carryDays` before (so
 * a weekend or holiday is covered by the close before it, as /historical carries it forward): the
 * days we hold nothing for, in runs. The first span may begin before `start` (the week looked back
 * into). Only the gaps between rated days longer than `carryDays` are visited (each column keeps
 * its rated days: binary searches, not a walk over every day), and only their ends become text.
 */
export function coverageOf(
  spans: readonly ColumnSpan[],
  startN: number,
  endN: number,
  carryDays: number,
): Coverage {
  const missing: Array<{ from: string; to: string }> = [];
  let previous = -Infinity;
  let first: string | null = null;
  let last: string | null = null;
  const gapTo = (n: number) => {
    // A rated day n ≥ start after `previous`: the days between not carried are missing.
    if (n - previous > carryDays) {
      const gapFrom = Math.max(previous + carryDays, startN);
      if (gapFrom <= n - 1) missing.push({ from: dayText(gapFrom), to: dayText(n - 1) });
    }
  };
  for (const { data, first: from, stop, column } of spans) {
    const numbers = data.dayNumbers;
    const rated = column.ratedDays();
    const lo = lowerBound(rated, from);
    const hi = lowerBound(rated, stop) - 1;
    if (hi < lo) continue;
    // Rated days before `start` only carry into it: the last of them is where coverage starts.
    const atStart = lowerBoundByNumber(rated, numbers, startN);
    const p = Math.max(lo, atStart);
    if (p > lo) previous = numbers[rated[p - 1]];
    if (p > hi) continue;
    first ??= data.days[rated[p]];
    gapTo(numbers[rated[p]]);
    // Within the span, only the gaps longer than carryDays (kept by the column) can miss days.
    const gaps = column.gapsLongerThan(numbers, carryDays);
    for (let g = lowerBound(gaps, p + 1); g < gaps.length && gaps[g] <= hi; g++) {
      previous = numbers[rated[gaps[g] - 1]];
      gapTo(numbers[rated[gaps[g]]]);
    }
    previous = numbers[rated[hi]];
    last = data.days[rated[hi]];
  }
  const gapFrom = Math.max(previous + carryDays, startN);
  if (gapFrom <= endN) missing.push({ from: dayText(gapFrom), to: dayText(endN) });
  return { first, last, missing };
}
