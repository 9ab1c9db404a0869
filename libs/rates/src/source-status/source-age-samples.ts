import type { Redis } from 'ioredis';
import type { ProviderId } from '../providers/provider';

/** How long age samples are kept: the status page's sparkline spans a day. */
export const AGE_HISTORY_MS = 24 * 3_600_000;

/** One sample: the start of its interval (epoch ms) and the source's data age then, null if it had none. */
export interface AgeSample {
  at: number;
  ageSeconds: number | null;
}

/**
 * For each source key: replace the sample of this interval (whoever wrote it: a second worker, a
 * rerun), drop samples older than the window, and let an abandoned key expire a little after it.
 * ARGV: interval start, window start, key TTL in ms, then one member per key.
 */
const RECORD = `
local at = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, at, at)
  redis.call('ZADD', key, at, ARGV[3 + i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', '(' .. ARGV[2])
  redis.call('PEXPIRE', key, ARGV[3])
end
return 0`;

/**
 * Each source's data age sampled once per interval over the last 24 hours, for the status page's
 * sparkline: a Redis sorted set per source, scored by the interval's start, its member
 * `<start>:<age seconds>` (`<start>:-` when the source had no data). The member carries the interval
 * start so that two samples of one interval can only replace each other: several workers, or a
 * sampling job run twice, never leave duplicates. Redis rather than a PostgreSQL table: 1,440 small
 * writes a day per source that are trimmed as they go (ZREMRANGEBYSCORE), not rows to vacuum; a day
 * of age history is worth no migration, and losing it (a Redis without persistence restarting) loses
 * only a chart that fills again.
 */
export class SourceAgeSamples {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  private key(source: ProviderId): string {
    return `${this.keyPrefix}rates:source-age:${source}`;
  }

  /** Records the ages of `sources` for the interval of `intervalMs` holding `now`. */
  async record(ages: ReadonlyMap<ProviderId, number | null>, now: number, intervalMs: number): Promise<void> {
    if (ages.size === 0) return;
    const at = Math.floor(now / intervalMs) * intervalMs;
    const keys = [...ages.keys()].map((source) => this.key(source));
    const members = [...ages.values()].map(
      (age) => `${at}:${age === null ? '-' : Math.max(0, Math.round(age))}`,
    );
    const ttlMs = AGE_HISTORY_MS + intervalMs;
    await this.redis.eval(
      RECORD,
      keys.length,
      ...keys,
      String(at),
      String(now - AGE_HISTORY_MS),
      String(ttlMs),
      ...members,
    );
  }

  /** The samples of each source within the last 24 hours before `now`, oldest first (one round trip). */
  async load(sources: readonly ProviderId[], now: number): Promise<Map<ProviderId, AgeSample[]>> {
    const batch = this.redis.multi();
    for (const source of sources) batch.zrangebyscore(this.key(source), now - AGE_HISTORY_MS, '+inf');
    const results = (await batch.exec()) ?? [];
    const samples = new Map<ProviderId, AgeSample[]>();
    sources.forEach((source, i) => {
      const [error, members] = results[i] ?? [new Error('no reply')];
      if (error) throw error;
      samples.set(
        source,
        (members as string[]).map((member) => {
          const [at, age] = member.split(':');
          return { at: Number(at), ageSeconds: age === '-' ? null : Number(age) };
        }),
      );
    });
    return samples;
  }
}
