import { LRUCache } from 'lru-cache';

/**
 * Answers built from daily closes, kept for a short while: closes do not change once published,
 * so repeated queries (a dashboard's year chart) cost a lookup; the TTL bounds how long a
 * correction imported by `rates:backfill` takes to show. Calls that miss together share one
 * build, and beyond `limit` the least recently used answers go first.
 */
export class AnswerCache<T extends NonNullable<unknown> = string> {
  private readonly answers: LRUCache<string, { body: T; builtAt: number }>;
  private readonly building = new Map<string, Promise<T>>();

  constructor(
    /** A function when the TTL follows a setting that can change (the close store's). */
    private readonly ttlMs: number | (() => number),
    limit: number,
  ) {
    this.answers = new LRUCache({ max: limit });
  }

  /** The answer kept for `key` if it is still fresh: a hit needs no promise. */
  fresh(key: string, now: number): T | undefined {
    const cached = this.answers.get(key);
    // The TTL is read at each use, so a changed setting applies to what is already kept.
    const ttlMs = typeof this.ttlMs === 'number' ? this.ttlMs : this.ttlMs();
    return cached && now - cached.builtAt < ttlMs ? cached.body : undefined;
  }

  get(key: string, now: number, build: () => Promise<T>): Promise<T> {
    const cached = this.fresh(key, now);
    if (cached !== undefined) return Promise.resolve(cached);
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((body) => {
          this.answers.set(key, { body, builtAt: now });
          return body;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }
}
