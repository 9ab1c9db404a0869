import type { EntityManager } from '@mikro-orm/postgresql';

/** A key's calls of one day (YYYY-MM-DD). */
export interface DailyUsage {
  keyId: string;
  day: string;
  requests: number;
}

/** What a flush adds to a key: its calls, and its last use (epoch ms, 0 when not known). */
export interface KeyUsageTotal {
  keyId: string;
  requests: number;
  lastUsedMs: number;
}

/** A key's stored calls of one day, as PostgreSQL prints them (bigint as text). */
export interface StoredDailyUsage {
  key_id: string;
  day: string;
  requests: string;
}

/**
 * usage_daily (calls per key and day, each row naming the key's owner, kept after the key is
 * deleted), the usage flush's applied batches, and the per-key totals the flush adds to api_keys.
 * Run inside a transaction by building it on the transaction's EntityManager: its statements join it.
 */
export class UsageRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Records that the flush batch `batchId` is being applied: false when it was already (a crash
   * between the commit and deleting its Redis copy), so it is never counted twice.
   */
  async claimFlushBatch(batchId: string): Promise<boolean> {
    const fresh = await this.em.execute(
      'insert into usage_flush_batches (id) values (?) on conflict do nothing returning id',
      [batchId],
    );
    return fresh.length > 0;
  }

  /**
   * Adds calls to each key's day (a row is created for a day's first calls); counts of keys that no
   * longer exist are dropped. The owner is filled in by the table's trigger.
   */
  async add(counts: readonly DailyUsage[]): Promise<void> {
    if (counts.length === 0) return;
    await this.em.execute(
      `insert into usage_daily (key_id, day, requests)
         select c.key_id, c.day, c.requests
           from jsonb_to_recordset(?::jsonb) as c(key_id uuid, day date, requests bigint)
          where exists (select 1 from api_keys k where k.id = c.key_id)
       on conflict (key_id, day) do update set requests = usage_daily.requests + excluded.requests`,
      [JSON.stringify(counts.map((c) => ({ key_id: c.keyId, day: c.day, requests: c.requests })))],
    );
  }

  /** Adds calls to each key's total and moves its last use forward (never back). */
  async addToKeyTotals(totals: readonly KeyUsageTotal[]): Promise<void> {
    if (totals.length === 0) return;
    const rows = totals.map((t) => ({ key_id: t.keyId, requests: t.requests, last_used: t.lastUsedMs }));
    await this.em.execute(
      `update api_keys k
          set total_requests = k.total_requests + u.requests,
              last_used_at = greatest(k.last_used_at, case when u.last_used > 0 then to_timestamp(u.last_used / 1000.0) end)
         from jsonb_to_recordset(?::jsonb) as u(key_id uuid, requests bigint, last_used bigint)
        where k.id = u.key_id`,
      [JSON.stringify(rows)],
    );
  }

  /** Every stored day of the user's keys (deleted ones included) from `since` (YYYY-MM-DD) on. */
  daysOfUserSince(userId: string, since: string): Promise<StoredDailyUsage[]> {
    return this.em.execute<StoredDailyUsage[]>(
      `select d.key_id, d.day::text as day, d.requests from usage_daily d
        where d.user_id = ? and d.day >= ?::date`,
      [userId, since],
    );
  }

  /** Every stored day of one key, oldest first. */
  daysOfKey(keyId: string): Promise<StoredDailyUsage[]> {
    return this.em.execute<StoredDailyUsage[]>(
      `select d.key_id, d.day::text as day, d.requests from usage_daily d
        where d.key_id = ? order by d.day`,
      [keyId],
    );
  }

  /**
   * The user's calls in `month` (YYYY-MM) as stored, read under a SHARE lock on usage_daily, which
   * waits for a flush whose transaction is under way: the sum holds all of a batch or none of it.
   * Runs in a transaction of its own (the lock is held until it ends).
   */
  monthTotalSettled(userId: string, month: string): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      await tx.execute('lock table usage_daily in share mode', [], 'run');
      const [row] = await tx.execute<{ used: string }[]>(
        `select coalesce(sum(d.requests), 0)::text as used
           from usage_daily d
          where d.user_id = ? and d.day >= ?::date and d.day < (?::date + interval '1 month')`,
        [userId, `${month}-01`, `${month}-01`],
      );
      return Number(row.used);
    });
  }

  /** One key's calls in `month` (YYYY-MM) as stored, read like monthTotalSettled. */
  keyMonthTotalSettled(keyId: string, month: string): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      await tx.execute('lock table usage_daily in share mode', [], 'run');
      const [row] = await tx.execute<{ used: string }[]>(
        `select coalesce(sum(d.requests), 0)::text as used
           from usage_daily d
          where d.key_id = ? and d.day >= ?::date and d.day < (?::date + interval '1 month')`,
        [keyId, `${month}-01`, `${month}-01`],
      );
      return Number(row.used);
    });
  }
}
