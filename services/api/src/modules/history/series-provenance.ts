import { sourceName, type HistoryYear } from './close-store';

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
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** `code`'s closes over the spans, as runs of one source each (days without a close do not break a run). */
export function sourceSpansOf(spans: readonly Span[], code: string): SourceSpan[] {
  const runs: SourceSpan[] = [];
  let current = 0;
  for (const { data, first, stop } of spans) {
    const indexes = data.sourceIndexes(code);
    if (!indexes) continue;
    for (let i = first; i < stop; i++) {
      const index = indexes[i];
      if (index === 0) continue;
      if (index === current) runs[runs.length - 1].to = data.days[i];
      else {
        runs.push({ source: sourceName(index), from: data.days[i], to: data.days[i] });
        current = index;
      }
    }
  }
  return runs;
}

/**
 * Which days from `start` to `end` base→code has no rate for, nor one within `carryDays` before (so
 * a weekend or holiday is covered by the close before it, as /historical carries it forward): the
 * days we hold nothing for, in runs. Works on day numbers; only the runs' ends become text.
 */
export function coverageOf(
  spans: readonly Span[],
  base: string,
  code: string,
  start: string,
  end: string,
  carryDays: number,
): Coverage {
  const startN = dayNumber(start);
  const endN = dayNumber(end);
  const missing: Array<{ from: string; to: string }> = [];
  let previous = -Infinity;
  let first: number | undefined;
  let last: number | undefined;
  spans.forEach(({ data, first: firstIndex, stop }, y) => {
    const baseRates = base === 'USD' ? null : data.rates.get(base);
    const codeRates = code === 'USD' ? null : data.rates.get(code);
    if (baseRates === undefined || codeRates === undefined) return;
    // The first year also looks back a week before `start`, for a close carried into it.
    const from = y === 0 ? data.from(dayText(startN - carryDays + 1)) : firstIndex;
    for (let i = from; i < stop; i++) {
      if (
        (baseRates !== null && baseRates[i] === undefined) ||
        (codeRates !== null && codeRates[i] === undefined)
      )
        continue;
      const n = data.dayNumbers[i];
      if (n >= startN) {
        const gapFrom = Math.max(previous + carryDays, startN);
        if (gapFrom <= n - 1) missing.push({ from: dayText(gapFrom), to: dayText(n - 1) });
        first ??= n;
        last = n;
      }
      previous = n;
    }
  });
  const gapFrom = Math.max(previous + carryDays, startN);
  if (gapFrom <= endN) missing.push({ from: dayText(gapFrom), to: dayText(endN) });
  return {
    first: first === undefined ? null : dayText(first),
    last: last === undefined ? null : dayText(last),
    missing,
  };
}
