import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { User } from '@fxrates/db';
import type { AccountUsage, UsageDay } from '@fxrates/domain';
import type { Redis } from 'ioredis';
import { unauthorized } from '../auth';
import { MeteringService, quotaState, usagePeriod, usageRedisKeys } from '../metering';
import { REDIS } from '../redis';

function daysOfMonthUntil(today: string): string[] {
  const last = Number(today.slice(8, 10));
  return Array.from({ length: last }, (_, i) => `${today.slice(0, 8)}${String(i + 1).padStart(2, '0')}`);
}

/**
 * A user's usage this month: the quota state from the metering counters, and calls per day per key
 * from PostgreSQL plus what the worker has not flushed yet, so the chart moves right after a call.
 */
@Injectable()
export class UsageService {
  private readonly keys: ReturnType<typeof usageRedisKeys>;

  constructor(
    private readonly em: EntityManager,
    private readonly metering: MeteringService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keys = usageRedisKeys(config.redis.keyPrefix);
  }

  async forUser(userId: string, now = Date.now()): Promise<AccountUsage> {
    const user = await this.em.fork().findOne(User, { id: userId }, { fields: ['plan'] });
    if (!user) throw unauthorized();
    const plan = this.metering.limitsOf(user.plan);
    const period = usagePeriod(now);
    const connection = this.em.getConnection();
    const [used, keyRows, flushed, pending] = await Promise.all([
      this.metering.used(userId, now),
      connection.execute<{ id: string }[]>('select id from api_keys where user_id = ?', [userId]),
      connection.execute<{ key_id: string; day: string; requests: string }[]>(
        `select d.key_id, d.day::text as day, d.requests from usage_daily d
           join api_keys k on k.id = d.key_id
          where k.user_id = ? and d.day >= ?::date`,
        [userId, `${period.month}-01`],
      ),
      this.redis.hgetall(this.keys.pending),
    ]);
    const mine = new Set(keyRows.map((k) => k.id));
    const days = new Map<string, UsageDay>(
      daysOfMonthUntil(period.day).map((day) => [day, { day, total: 0, byKey: {} }]),
    );
    const add = (keyId: string, day: string, requests: number) => {
      const entry = days.get(day);
      if (!entry || !mine.has(keyId)) return;
      entry.total += requests;
      entry.byKey[keyId] = (entry.byKey[keyId] ?? 0) + requests;
    };
    for (const row of flushed) add(row.key_id, row.day, Number(row.requests));
    for (const [field, value] of Object.entries(pending)) {
      const [keyId, day] = field.split('|');
      add(keyId, day, Number(value));
    }
    return { ...quotaState(plan, used, period), days: [...days.values()] };
  }
}
