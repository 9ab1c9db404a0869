/**
 * Period averages (month, quarter, year) of daily rates, on the closes or a fixing cut: the calendar
 * periods of a range, the exact mean of each symbol's days and the query of /rates/average.
 */
export { AveragesModule } from './averages.module';
export { RateAverages, type Averages } from './rate-averages';
export {
  CLOSE_BASIS,
  DETAILS,
  MAX_AVERAGE_SYMBOLS,
  parseAverageQuery,
  type AverageQuery,
} from './average-query';
export {
  MAX_PERIODS,
  PERIOD_KINDS,
  periodsBetween,
  type CalendarPeriod,
  type PeriodKind,
} from './calendar-periods';
export { MEAN_DIGITS } from './daily-mean';
export type { DayRate, PeriodAverage, SymbolAverage } from './period-averages';
