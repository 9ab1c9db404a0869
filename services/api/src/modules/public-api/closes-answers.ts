import { AnswerCache, type RateHistory } from '../history';
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

  constructor(private readonly history: RateHistory) {
    this.cache = new AnswerCache(() => history.store.options.ttlMs, LIMIT);
  }

  get(plan: string, target: string, now: number, build: () => Promise<Answerable>): Promise<Answerable> {
    return this.cache.get(`${this.history.version} ${plan} ${target}`, now, build);
  }
}
