import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, redisRateLimiter, type AppConfig } from '@fxrates/config';
import { UsageBreakdownRepository } from '@fxrates/db';
import type { UsageBreakdown } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { RedisLimit } from '../../common/security';
import { REDIS } from '../redis';
import { USAGE_BREAKDOWN_FLUSH_MS, UsageBreakdownCounter } from './usage-breakdown-counter';
import type { BreakdownRange } from './usage-breakdown-range';
import { maskedKey } from '../keys';

/** Reads kept at most this long: about one write of this instance, after which they may lack counts. */
const READ_KEPT_MS = USAGE_BREAKDOWN_FLUSH_MS;
const MAX_KEPT_READS = 5_000;

interface KeptRead {
  /** The counter's writes when it was read: a later write makes it stale. */
  writes: number;
  answer: Promise<UsageBreakdown>;
}

/**
 * A user's usage breakdown over a range of days, as stored (counts lag by up to a write of every
 * instance, USAGE_BREAKDOWN_FLUSH_MS), with the keys its rows name. The same read asked again within
 * a few seconds, and before this instance writes again, is answered from memory: GET /api/v1/usage is
 * not metered, so polling it must not cost a query each time. A read that does go to PostgreSQL counts
 * against the user's USAGE_READS_PER_MINUTE (429 `rate-limited` beyond).
 */
@Injectable()
export class UsageBreakdownService {
  private readonly perUser: RedisLimit;
  private readonly kept = new LRUCache<string, KeptRead>({ max: MAX_KEPT_READS, ttl: READ_KEPT_MS });

  constructor(
    private readonly em: EntityManager,
    private readonly counter: UsageBreakdownCounter,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.perUser = new RedisLimit(
      redisRateLimiter(
        redis,
        config.redis.keyPrefix,
        'usage-breakdown-user',
        config.usage.readsPerMinute,
        60,
      ),
      (wait) => `Too many usage breakdown requests in a short time. Wait ${wait}, then try again.`,
    );
  }

  of(userId: string, range: BreakdownRange): Promise<UsageBreakdown> {
    const id = `${userId}|${range.from}|${range.to}`;
    const writes = this.counter.writes;
    const kept = this.kept.get(id);
    if (kept && kept.writes === writes) return kept.answer;
    const read: KeptRead = { writes, answer: this.read(userId, range) };
    this.kept.set(id, read);
    read.answer.catch(() => {
      if (this.kept.get(id) === read) this.kept.delete(id);
    });
    return read.answer;
  }

  private async read(userId: string, { from, to }: BreakdownRange): Promise<UsageBreakdown> {
    await this.perUser.admit(userId);
    const repository = new UsageBreakdownRepository(this.em.fork());
    const rows = await repository.rowsOfUser(userId, from, to);
    const keys = await repository.keysOfUser(userId, [...new Set(rows.map((row) => row.keyId))]);
    return {
      from,
      to,
      rows,
      keys: keys.map((key) => ({
        id: key.id,
        name: key.name,
        maskedKey: maskedKey(key.key_prefix, key.key_last4),
      })),
    };
  }
}
