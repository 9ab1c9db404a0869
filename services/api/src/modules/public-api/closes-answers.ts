import { AnswerCache, type RateHistory } from '../history';
import { RepeatSightings } from './repeat-sightings';
import type { Answerable } from './representation';

/**
 * Representations kept (a one-year, 10-symbol series is ~37 KB, and ~6 KB more once compressed both
 * ways): ~11 MB at most.
 */
const LIMIT = 256;

/**
 * The history routes' answers (historical, timeseries, fluctuation) by plan and request target,
 * with their ETag and compressed forms: a repeated series costs a lookup instead of a build, a hash
 * and a compression. As fresh as the closes they are built from: they are kept per RateHistory
 * version, which an announcement or a reloaded year changes (older entries age out of the LRU), and
 * for the store's TTL (HISTORY_TTL_MS) at most, so that a close written without an announcement (`rates:backfill`)
 * shows within about twice that, as the store re-checks a year only when it is used.
 */
export class ClosesAnswers {
  private readonly cache: AnswerCache<Answerable>;
  private readonly sightings = new RepeatSightings();

  constructor(private readonly history: RateHistory) {
    this.cache = new AnswerCache(() => history.store.options.ttlMs, LIMIT);
  }

  /**
   * The answer to a target: built for this call alone on its first sighting within the store's TTL,
   * kept from its second on. Keeping every answer kept each one alive for a minute, and a load of
   * distinct series filled the heap with answers no call asked for again (RSS 268 MB).
   */
  get(
    plan: string,
    target: string,
    now: number,
    build: (kept: boolean) => Promise<Answerable>,
  ): Promise<Answerable> {
    const key = `${this.history.version} ${plan} ${target}`;
    const window = Math.floor(now / Math.max(1, this.history.store.options.ttlMs));
    if (!this.sightings.seenBefore(key, window)) return build(false);
    return this.cache.get(key, now, () => build(true));
  }
}
