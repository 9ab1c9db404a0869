import { UsageRepository } from '@fxrates/db';
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
  await new UsageRepository(db.em).add(
    Object.entries(requests).map(([day, count]) => ({ keyId: key.id, day, requests: count })),
  );
}

/** Today in UTC, as usage_daily's days are written. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
