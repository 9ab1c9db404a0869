import { closedDaysBetween, lastPublishingDay, publishingCalendarOf } from './market-calendar';

const DAY_MS = 86_400_000;
/** Beyond this age no calendar explains a value: skip counting its closed days. */
const CALENDAR_HORIZON_DAYS = 31;
import type { RateProvenance, RatesTable } from './rates-table';

/** The provenance of the rates behind one answer: every source involved and its oldest value. */
export interface ProvenanceSummary {
  /** Sources, comma-separated, in table order. */
  source: string;
  /** The oldest timestamp involved: an answer is as fresh as its oldest input. */
  timestamp: string;
  date: string;
  /** The distinct (source, timestamp, day) triples involved. */
  origins: readonly RateProvenance[];
}

/** Summarizes the provenance of `codes` (USD, the pivot, adds none). Unknown codes are skipped. */
export function summarizeProvenance(table: RatesTable, codes: Iterable<string>): ProvenanceSummary {
  const origins = new Map<string, RateProvenance>();
  for (const code of codes) {
    const origin = table.provenance.get(code);
    if (origin) origins.set(`${origin.source}|${origin.timestamp}|${origin.date}`, origin);
  }
  if (origins.size === 0) {
    const only = { source: table.source, timestamp: table.timestamp, date: table.date };
    return { ...only, origins: [] };
  }
  const list = [...origins.values()];
  const oldest = list.reduce((a, b) => (b.timestamp < a.timestamp ? b : a));
  const sources = [...new Set(list.map((o) => o.source))].join(',');
  return { source: sources, timestamp: oldest.timestamp, date: oldest.date, origins: list };
}

export interface Freshness {
  /** Some value is older than the caller's freshness promise while its market is open. */
  stale: boolean;
  /** Some fiat value is the last its source published before a weekend or holiday we are in now. */
  marketClosed: boolean;
}

/** A value's age not counting the days its source's calendar was closed (Monday's view of Friday's fix). */
function openAgeMs(
  origin: RateProvenance,
  calendar: ReturnType<typeof publishingCalendarOf>,
  today: string,
  now: number,
): number {
  const age = now - Date.parse(origin.timestamp);
  if (!calendar || age > CALENDAR_HORIZON_DAYS * DAY_MS) return age;
  return age - closedDaysBetween(calendar, origin.date, today) * DAY_MS;
}

/**
 * Applies a freshness promise: a value older than `promiseMs` is stale, unless its source keeps a
 * publishing calendar, today is not a publishing day, and the value is from the last one before it.
 * The days such a calendar was closed do not count towards a value's age.
 */
export function assessFreshness(
  origins: readonly RateProvenance[],
  promiseMs: number,
  now: number,
): Freshness {
  let stale = false;
  let marketClosed = false;
  const today = new Date(now).toISOString().slice(0, 10);
  for (const origin of origins) {
    const calendar = publishingCalendarOf(origin.source);
    if (calendar && !calendar.publishesOn(today) && origin.date === lastPublishingDay(calendar, today)) {
      marketClosed = true;
    } else if (openAgeMs(origin, calendar, today, now) > promiseMs) {
      stale = true;
    }
  }
  return { stale, marketClosed };
}
