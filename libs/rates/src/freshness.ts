import { isMetal } from '@fxrates/domain';
import {
  closedDaysBetween,
  lastPublishingDay,
  metalCalendarOf,
  publishingCalendarOf,
  type PublishingCalendar,
} from './market-calendar';

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

const metalOrigins = new WeakMap<RateProvenance, RateProvenance>();

/** The origin marked as a metal's, one object per table origin (freshness facts are kept per object). */
function metalOriginOf(origin: RateProvenance): RateProvenance {
  let metal = metalOrigins.get(origin);
  if (!metal) metalOrigins.set(origin, (metal = { ...origin, market: 'metal' }));
  return metal;
}

/**
 * The key that makes origins one: the same (source, timestamp, day) is one origin, except that a
 * metal's is apart from the fiat's or crypto's of the same source and instant (its market's week).
 */
export function originKeyOf(code: string, origin: RateProvenance): string {
  return `${origin.source}|${origin.timestamp}|${origin.date}${isMetal(code) ? '|metal' : ''}`;
}

/** Summarizes the provenance of `codes` (USD, the pivot, adds none). Unknown codes are skipped. */
export function summarizeProvenance(table: RatesTable, codes: Iterable<string>): ProvenanceSummary {
  const origins = new Map<string, RateProvenance>();
  for (const code of codes) {
    const origin = table.provenance.get(code);
    if (!origin) continue;
    const key = originKeyOf(code, origin);
    if (!origins.has(key)) origins.set(key, key.endsWith('|metal') ? metalOriginOf(origin) : origin);
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
  /**
   * Some fiat or metal value is the last its source (or, for a metal, its market) published before a
   * weekend or holiday we are in now.
   */
  marketClosed: boolean;
}

/**
 * What an origin's freshness depends on besides the clock, for one UTC day: whether its market is
 * closed today with this value its last, its publication instant, and (computed on first need) the
 * closed days since it. The same handful of origins is assessed on every call, so parsing their
 * timestamps and walking calendars once a day instead of per answer keeps freshness arithmetic only.
 */
interface OriginDay {
  today: string;
  calendar: PublishingCalendar | undefined;
  marketClosed: boolean;
  publishedAt: number;
  closedMs?: number;
}

const originDays = new WeakMap<RateProvenance, OriginDay>();

function originDayOf(origin: RateProvenance, today: string): OriginDay {
  let facts = originDays.get(origin);
  if (facts?.today !== today) {
    const calendar =
      origin.market === 'metal' ? metalCalendarOf(origin.source) : publishingCalendarOf(origin.source);
    facts = {
      today,
      calendar,
      marketClosed:
        calendar !== undefined &&
        !calendar.publishesOn(today) &&
        origin.date === lastPublishingDay(calendar, today),
      publishedAt: Date.parse(origin.timestamp),
    };
    originDays.set(origin, facts);
  }
  return facts;
}

/** A value's age not counting the days its source's calendar was closed (Monday's view of Friday's fix). */
function openAgeMs(origin: RateProvenance, facts: OriginDay, now: number): number {
  const age = now - facts.publishedAt;
  if (!facts.calendar || age > CALENDAR_HORIZON_DAYS * DAY_MS) return age;
  facts.closedMs ??= closedDaysBetween(facts.calendar, origin.date, facts.today) * DAY_MS;
  return age - facts.closedMs;
}

let todayNumber = NaN;
let todayText = '';

/** `now`'s UTC day as YYYY-MM-DD, formatted once a day rather than per call. */
function utcDay(now: number): string {
  const day = Math.floor(now / DAY_MS);
  if (day !== todayNumber) {
    todayNumber = day;
    todayText = new Date(day * DAY_MS).toISOString().slice(0, 10);
  }
  return todayText;
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
  const today = utcDay(now);
  for (const origin of origins) {
    const facts = originDayOf(origin, today);
    if (facts.marketClosed) {
      marketClosed = true;
    } else if (openAgeMs(origin, facts, now) > promiseMs) {
      stale = true;
    }
  }
  return { stale, marketClosed };
}
