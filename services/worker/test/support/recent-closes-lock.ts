import type { Client } from 'pg';
import { connectTestDatabase } from './history-rows';

/**
 * The suites that write the ECB's closes of the last days, or depend on which of them exist, share
 * the test database while jest runs them in parallel: one writing today's close (the ingest, after
 * 16:00 CET) broke another whose premise is that today's close is still to come. They hold this
 * PostgreSQL advisory lock while they write or read those days, so they take turns.
 */
const LOCK = "hashtext('fxrates-tests: recent ecb closes')";

export interface RecentClosesLock {
  release(): Promise<void>;
}

/** Waits for the lock and holds it on a connection of its own until `release`. */
export async function lockRecentCloses(): Promise<RecentClosesLock> {
  const db: Client = await connectTestDatabase();
  await db.query(`select pg_advisory_lock(${LOCK})`);
  return {
    async release() {
      await db.query(`select pg_advisory_unlock(${LOCK})`).catch(() => undefined);
      await db.end();
    },
  };
}

/** Runs `work` holding the lock. */
export async function withRecentCloses<T>(work: () => Promise<T>): Promise<T> {
  const lock = await lockRecentCloses();
  try {
    return await work();
  } finally {
    await lock.release();
  }
}
