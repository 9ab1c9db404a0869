import { HISTORY_SOURCES, sourcesInOrder } from '../history';
import { periodIndexOf, type CalendarPeriod } from './calendar-periods';
import { DailyMean, type DailyMeanResult } from './daily-mean';

/** One day counted in an average: its rate (symbol per base, as displayed) and where it came from. */
export interface DayRate {
  day: string;
  rate: string;
  /** The sources of the base's and the symbol's rates that day, in the order of precedence. */
  sources: readonly string[];
  /** On a cut basis: the fixing the day's rate is from. */
  fixing?: string;
}

/** A symbol's average over one period. */
export interface SymbolAverage extends DailyMeanResult {
  /** The sources of the days counted, in the order of precedence. */
  sources: string[];
  /** With `detail=days`: every day counted. */
  daily?: DayRate[];
}

export interface PeriodAverage extends CalendarPeriod {
  /** Per symbol, in the order asked for. */
  rates: Map<string, SymbolAverage>;
}

/**
 * Sources in the history's order of precedence; any other (a fixing frozen from the bundled
 * snapshot) after them, by name: never dropped.
 */
export function inPrecedence(used: Iterable<string>): string[] {
  const all = [...new Set(used)];
  return [...sourcesInOrder(all), ...all.filter((source) => !HISTORY_SOURCES.includes(source)).sort()];
}

/** One symbol in one period while its days are added. */
interface Cell {
  mean: DailyMean;
  sources: Set<string>;
  daily?: DayRate[];
}

/**
 * The averages of some symbols over calendar periods, made from their days as they come (in any
 * order of symbols; each day belongs to the period holding it).
 */
export class PeriodAverages {
  private readonly cells: Map<string, Cell>[];
  private readonly used = new Set<string>();
  private counted = 0;

  constructor(
    private readonly periods: readonly CalendarPeriod[],
    symbols: readonly string[],
    keepDays: boolean,
  ) {
    this.cells = periods.map(
      () =>
        new Map(
          symbols.map((code) => [
            code,
            { mean: new DailyMean(), sources: new Set<string>(), ...(keepDays ? { daily: [] } : {}) },
          ]),
        ),
    );
  }

  /** Counts `code`'s rate on a day of the range. */
  add(code: string, day: DayRate): void {
    const cell = this.cells[periodIndexOf(this.periods, day.day)].get(code)!;
    cell.mean.add(day.rate);
    for (const source of day.sources) {
      cell.sources.add(source);
      this.used.add(source);
    }
    cell.daily?.push(day);
    this.counted++;
  }

  /** Whether any day of any symbol was counted. */
  get empty(): boolean {
    return this.counted === 0;
  }

  /** Every source of the days counted, in the order of precedence. */
  get sources(): string[] {
    return inPrecedence(this.used);
  }

  result(): PeriodAverage[] {
    return this.periods.map((period, p) => ({
      ...period,
      rates: new Map(
        [...this.cells[p]].map(([code, { mean, sources, daily }]) => [
          code,
          { ...mean.result(), sources: inPrecedence(sources), ...(daily ? { daily } : {}) },
        ]),
      ),
    }));
  }
}
