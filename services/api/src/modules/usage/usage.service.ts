import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, redisRateLimiter, type AppConfig } from '@fxrates/config';
import { ApiKeysRepository, UsageRepository, User } from '@fxrates/db';
import type { AccountUsage, UsageDay } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import { RedisLimit } from '../../common/security';
import { unauthorized } from '../auth';
import { MeteringService, quotaState, usagePeriod, usageRedisKeys } from '../metering';
import { REDIS } from '../redis';

function daysOfMonthUntil(today: string): string[] {
  const last = Number(today.slice(8, 10));
  return Array.from({ length: last }, (_, i) => `${today.slice(0, 8)}${String(i + 1).padStart(2, '0')}`);
}

/** A key's calls of a day not flushed yet: its field in the pending hash (usageRedisKeys). */
const pendingField = (keyId: string, day: string) => `${keyId}|${day}`;

/**
 * A user's usage this month: the quota state from the metering counters, and calls per day per key
 * from PostgreSQL plus what the worker has not flushed yet, so the chart moves right after a call.
 *
 * One user's call reads that user's data only: the pending hash is shared by every user until the
 * worker flushes it, so its fields are fetched by name (HMGET, the user's keys × this month's days so
 * far), never the whole hash. Reads are limited per user (USAGE_READS_PER_MINUTE).
 */
@Injectable()
export class UsageService {
  private readonly keys: ReturnType<typeof usageRedisKeys>;
  private readonly perUser: RedisLimit;

  constructor(
    private readonly em: EntityManager,
    private readonly metering: MeteringService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keys = usageRedisKeys(config.redis.keyPrefix);
    this.perUser = new RedisLimit(
      redisRateLimiter(redis, config.redis.keyPrefix, 'usage-user', config.usage.readsPerMinute, 60),
      (wait) => `Too many usage requests in a short time. Wait ${wait}, then try again.`,
    );
  }

  async forUser(userId: string, now = Date.now()): Promise<AccountUsage> {
    await this.perUser.admit(userId);
    const user = await this.em.fork().findOne(User, { id: userId }, { fields: ['plan'] });
    if (!user) throw unauthorized();
    const plan = this.metering.limitsOf(user.plan);
    const period = usagePeriod(now);
    const monthStart = `${period.month}-01`;
    const days = daysOfMonthUntil(period.day);
    const [used, keyIds, flushed] = await Promise.all([
      this.metering.used(userId, now),
      // Calls not flushed yet are only of keys usable this month (disabled keys' last minute included).
      new ApiKeysRepository(this.em).idsUsableSince(userId, monthStart),
      // Keys deleted since (the longest-disabled beyond MAX_DISABLED_KEYS_PER_USER) included.
      new UsageRepository(this.em).daysOfUserSince(userId, monthStart),
    ]);
    const fields = keyIds.flatMap((id) => days.map((day) => pendingField(id, day)));
    const values = fields.length ? await this.redis.hmget(this.keys.pending, ...fields) : [];
    const byDay = new Map<string, UsageDay>(days.map((day) => [day, { day, total: 0, byKey: {} }]));
    const add = (keyId: string, day: string, requests: number) => {
      const entry = byDay.get(day);
      if (!entry) return;
      entry.total += requests;
      entry.byKey[keyId] = (entry.byKey[keyId] ?? 0) + requests;
    };
    for (const row of flushed) add(row.key_id, row.day, Number(row.requests));
    fields.forEach((field, i) => {
      const value = values[i];
      if (value === null) return;
      const [keyId, day] = field.split('|');
      add(keyId, day, Number(value));
    });
    return { ...quotaState(plan, used, period), days: [...byDay.values()] };
  }
}
