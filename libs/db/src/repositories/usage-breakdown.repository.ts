import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatusClass, UsageBreakdownRow } from '@fxrates/domain';

/** Calls to add to one cell: one key's calls to one endpoint on one day (YYYY-MM-DD) in one status class. */
export interface UsageBreakdownCell {
  userId: string;
  keyId: string;
  day: string;
  endpoint: string;
  statusClass: StatusClass;
  calls: number;
}

/** A key a breakdown names, as stored: its name and what its masked form is made of. */
export interface BreakdownKeyRow {
  id: string;
  name: string;
  key_prefix: string;
  key_last4: string;
}

interface StoredCell {
  day: string;
  key_id: string;
  endpoint: string;
  status_class: StatusClass;
  /** bigint, as text. */
  calls: string;
}

/**
 * usage_breakdown_daily: every answered call made with a known key, per key, endpoint, status class
 * and day. The API instances add to it (each its own counts, so two adding to one cell at once both
 * count); it is read by the dashboard and by GET /api/v1/usage, and days past its retention are deleted.
 */
export class UsageBreakdownRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Adds each cell's calls in one statement, in the key's order so that two instances adding to the
   * same cells lock them in the same order (no deadlock). Cells of users that are gone or deleted
   * their account are dropped: the account's usage went with it.
   */
  async add(cells: readonly UsageBreakdownCell[]): Promise<void> {
    if (cells.length === 0) return;
    const rows = cells.map((c) => ({
      user_id: c.userId,
      key_id: c.keyId,
      day: c.day,
      endpoint: c.endpoint,
      status_class: c.statusClass,
      calls: c.calls,
    }));
    await this.em.execute(
      `insert into usage_breakdown_daily (user_id, key_id, day, endpoint, status_class, calls)
         select c.user_id, c.key_id, c.day, c.endpoint, c.status_class, c.calls
           from jsonb_to_recordset(?::jsonb)
                  as c(user_id uuid, key_id uuid, day date, endpoint text, status_class text, calls bigint)
           join users u on u.id = c.user_id and u.deleted_at is null
          order by c.user_id, c.day, c.key_id, c.endpoint, c.status_class
       on conflict (user_id, day, key_id, endpoint, status_class)
          do update set calls = usage_breakdown_daily.calls + excluded.calls`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * The user's cells from `from` to `to` (YYYY-MM-DD, both included), by day, key, endpoint (byte
   * order, whatever the database's collation) and status class.
   */
  async rowsOfUser(userId: string, from: string, to: string): Promise<UsageBreakdownRow[]> {
    const stored = await this.em.execute<StoredCell[]>(
      `select b.day::text as day, b.key_id, b.endpoint, b.status_class, b.calls::text as calls
         from usage_breakdown_daily b
        where b.user_id = ? and b.day between ?::date and ?::date
        order by b.day, b.key_id, b.endpoint collate "C", b.status_class`,
      [userId, from, to],
    );
    return stored.map((row) => ({
      day: row.day,
      keyId: row.key_id,
      endpoint: row.endpoint,
      statusClass: row.status_class,
      calls: Number(row.calls),
    }));
  }

  /** Those of `keyIds` that are the user's keys (disabled ones too; purged ones are gone), by creation. */
  keysOfUser(userId: string, keyIds: readonly string[]): Promise<BreakdownKeyRow[]> {
    if (keyIds.length === 0) return Promise.resolve([]);
    return this.em.execute<BreakdownKeyRow[]>(
      `select k.id, k.name, k.key_prefix, k.key_last4 from api_keys k
        where k.user_id = ? and k.id in (select jsonb_array_elements_text(?::jsonb)::uuid)
        order by k.created_at, k.id`,
      [userId, JSON.stringify(keyIds)],
    );
  }

  /** Deletes every day before `day` (YYYY-MM-DD): how many cells went. */
  async deleteDaysBefore(day: string): Promise<number> {
    const result = await this.em.execute<QueryResult>(
      'delete from usage_breakdown_daily where day < ?::date',
      [day],
      'run',
    );
    return result.affectedRows;
  }
}
