import type { RatesProviderConfig } from '@fxrates/config';
import { addDays, TARGET_CALENDAR, type RatesTable } from '@fxrates/rates';
import { closeTimestamp, type RateHistory } from '../history';

/** A close once published is final: corrections come by `rates:backfill`, rare enough to version by URL. */
export const FINAL_CLOSES = 'public, max-age=31536000, immutable';
/** The least a changing answer is kept: a publication that is late is looked for again this often. */
const MIN_MAX_AGE_S = 60;
/** The longest run of days without a TARGET publication (Christmas to the first working day of the year). */
const LONGEST_GAP_DAYS = 10;

/**
 * How long each /api/v1 answer may be reused (Cache-Control), from when what it is made of can next
 * change: current rates with the next poll of their fastest source, a close once the next one is
 * published (never, when the answer ends on a day already closed).
 */
export class CachePolicy {
  private readonly intervalMs = new Map<string, number>();
  private readonly byTable = new WeakMap<RatesTable, string>();

  constructor(
    providers: readonly RatesProviderConfig[],
    private readonly history: RateHistory,
  ) {
    for (const provider of providers) this.intervalMs.set(provider.id, provider.intervalMs);
  }

  /**
   * For answers from the current rates: until the next poll of the fastest source in the table
   * (a new table can come no sooner). Computed once per table.
   */
  current(table: RatesTable): string {
    let cacheControl = this.byTable.get(table);
    if (cacheControl === undefined) {
      const sources = new Set([
        table.source,
        ...[...table.provenance.values()].map((origin) => origin.source),
      ]);
      const intervals = [...sources]
        .map((source) => this.intervalMs.get(source))
        .filter((ms) => ms !== undefined);
      const seconds = intervals.length > 0 ? Math.ceil(Math.min(...intervals) / 1000) : MIN_MAX_AGE_S;
      cacheControl = `public, max-age=${Math.max(1, seconds)}`;
      this.byTable.set(table, cacheControl);
    }
    return cacheControl;
  }

  /**
   * For answers from daily closes ending on `lastDay`: final once that day is over (UTC) and its
   * close (or a later one) is stored; otherwise until the next close is expected (16:00 CET on the
   * next TARGET day), and at least a minute when it is late. Without a query while the history's range is known.
   */
  closes(lastDay: string, now: number): string | Promise<string> {
    const known = this.history.knownRange(now);
    return known === undefined
      ? this.history.range(now).then((range) => closesControl(lastDay, range, now))
      : closesControl(lastDay, known, now);
  }
}

function closesControl(lastDay: string, range: { last: string } | null, now: number): string {
  // The last closed day held: today's rows are the live sources' newest values, recorded at every
  // poll (history answers from any source), so today is never closed, whatever is stored for it.
  const yesterday = addDays(new Date(now).toISOString().slice(0, 10), -1);
  const closed = range ? (range.last < yesterday ? range.last : yesterday) : null;
  if (closed && lastDay <= closed) return FINAL_CLOSES;
  const expected = nextCloseAfter(closed ?? lastDay);
  const seconds = Math.max(MIN_MAX_AGE_S, Math.ceil((expected - now) / 1000));
  return `public, max-age=${seconds}`;
}

/**
 * When the first close after `day` is expected: 16:00 CET on the next TARGET business day. In the
 * past when that close is late (or no longer imported): the minimum max-age applies then.
 */
function nextCloseAfter(day: string): number {
  let candidate = addDays(day, 1);
  for (let i = 0; i < LONGEST_GAP_DAYS && !TARGET_CALENDAR.publishesOn(candidate); i++) {
    candidate = addDays(candidate, 1);
  }
  return Date.parse(closeTimestamp(candidate));
}
