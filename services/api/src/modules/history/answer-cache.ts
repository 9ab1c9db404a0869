import { LruMap } from './lru-map';

/**
 * Answers built from daily closes, kept for a short while: closes do not change once published,
 * so repeated queries (a dashboard's year chart) cost a lookup; the TTL bounds how long a
 * correction imported by `rates:backfill` takes to show. Calls that miss together share one
 * build, and beyond `limit` the least recently used answers go first.
 */
export class AnswerCache {
  private readonly answers: LruMap<string, { body: string; expires: number }>;
  private readonly building = new Map<string, Promise<string>>();

  constructor(
    private readonly ttlMs: number,
    limit: number,
  ) {
    this.answers = new LruMap(limit);
  }

  get(key: string, now: number, build: () => Promise<string>): Promise<string> {
    const cached = this.answers.get(key);
    if (cached && cached.expires > now) return Promise.resolve(cached.body);
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((body) => {
          this.answers.set(key, { body, expires: now + this.ttlMs });
          return body;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }
}
