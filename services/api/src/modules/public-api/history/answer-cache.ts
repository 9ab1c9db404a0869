/**
 * Answers built from daily closes, kept for a short while: closes do not change once published,
 * so repeated queries (a dashboard's year chart) cost a lookup; the TTL bounds how long a
 * correction imported by `rates:backfill` takes to show.
 */
export class AnswerCache {
  private readonly answers = new Map<string, { body: string; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly limit: number,
  ) {}

  async get(key: string, now: number, build: () => Promise<string>): Promise<string> {
    const cached = this.answers.get(key);
    if (cached && cached.expires > now) return cached.body;
    const body = await build();
    if (this.answers.size >= this.limit) this.answers.clear();
    this.answers.set(key, { body, expires: now + this.ttlMs });
    return body;
  }
}
