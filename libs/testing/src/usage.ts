import type { GivenDatabase } from './database';
import type { GivenKey } from './keys';

/** Requests by day (YYYY-MM-DD, UTC): `{ '2026-11-02': 40 }`. */
export type GivenDailyRequests = Record<string, number>;

/**
 * Metered calls of `key` as the worker's flush leaves them in usage_daily, added to what a day already
 * holds. The API seeds a month's quota counter from these rows when Redis has none, so they count
 * against the quota of a month no call has touched yet.
 */
export async function givenUsage(
  db: GivenDatabase,
  key: GivenKey,
  requests: GivenDailyRequests,
): Promise<void> {
  const rows = Object.entries(requests).map(([day, count]) => [key.id, day, count, key.userId]);
  if (rows.length === 0) return;
  await db.em.getConnection().execute(
    `insert into usage_daily (key_id, day, requests, user_id)
     values ${rows.map(() => '(?, ?, ?, ?)').join(', ')}
     on conflict (key_id, day) do update set requests = usage_daily.requests + excluded.requests`,
    rows.flat(),
  );
}

/** Today in UTC, as usage_daily's days are written. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
