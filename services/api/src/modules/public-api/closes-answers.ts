import { AnswerCache, type RateHistory } from '../history';
import { RepeatSightings } from './repeat-sightings';
import type { Answerable } from './representation';

/**
 * Representations kept (a one-year, 10-symbol series is ~50 KB, and ~31 KB more once compressed both
 * ways): ~20 MB at most.
 */
const LIMIT = 256;
/**
 * A series is kept from its second sighting within this window. A window as long as the cache's TTL
 * (a minute) saw ~240 000 distinct series under load: in 2^18 slots, a third of them (most, late in
 * the minute) looked repeated, and each was copied, compressed at the kept settings (3× the one-off's cost) and kept,
 * for nothing. 10 s at 4 000 series a second fill 2^20 slots (4 MB) to ~4 %.
 */
const SIGHTING_WINDOW_MS = 10_000;
const SIGHTING_SLOT_BITS = 20;

/**
 * The history routes' answers (historical, timeseries, fluctuation) by plan and request target,
 * with their ETag and compressed forms: a repeated series costs a lookup instead of a build, a hash
 * and a compression. As fresh as the closes they are built from: they are kept per RateHistory
 * version, which an announcement or a reloaded column changes (older entries age out of the LRU), and
 * for the store's TTL (HISTORY_TTL_MS) at most, so that a close written without an announcement (`rates:backfill`)
 * shows within about twice that, as the store re-checks a column only when it is used.
 */
export class ClosesAnswers {
  private readonly cache: AnswerCache<Answerable>;
  private readonly sightings = new RepeatSightings(SIGHTING_SLOT_BITS);

  constructor(private readonly history: RateHistory) {
    this.cache = new AnswerCache(() => history.store.options.ttlMs, LIMIT);
  }

  /**
   * The answer to a target: the kept one while it is fresh; otherwise built for this call alone on
   * its first sighting in a window of SIGHTING_WINDOW_MS, and kept from its second. Keeping every
   * answer kept each one alive for a minute, and a load of distinct series filled the heap with
   * answers no call asked for again (RSS 268 MB).
   */
  get(
    plan: string,
    target: string,
    now: number,
    build: (kept: boolean) => Answerable | Promise<Answerable>,
  ): Answerable | Promise<Answerable> {
    const key = `${this.history.version} ${plan} ${target}`;
    const kept = this.cache.fresh(key, now);
    if (kept !== undefined) return kept;
    if (!this.sightings.seenBefore(target, Math.floor(now / SIGHTING_WINDOW_MS), plan)) return build(false);
    return this.cache.get(key, now, async () => build(true));
  }
}
