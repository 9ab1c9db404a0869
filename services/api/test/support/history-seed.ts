import type { TestApp } from '../test-app';
import { BUNDLED_ECB_HISTORY, backfillEcbHistory } from '../../../worker/src/history/ecb-backfill';
import { connectTestDatabase } from '../../../worker/test/support/history-rows';
import { givenIn } from './given';

/** Imports the ECB history the project ships, from `from` to `to`, as `rates:seed` does. */
export async function seedBundledEcb(from: string, to: string): Promise<void> {
  const db = await connectTestDatabase();
  try {
    await backfillEcbHistory(db, { input: BUNDLED_ECB_HISTORY, from, to });
  } finally {
    await db.end();
  }
}

/**
 * ECB closes (units per 1 USD) for the first week of 1990, before the real history starts in 1999,
 * so they never meet imported data: Thursday the 4th is a holiday, the 6th and 7th a weekend.
 */
export const SEEDED_CLOSES: Record<string, Record<string, string>> = {
  '1990-01-02': { EUR: '0.8', GBP: '0.6', INR: '140' },
  '1990-01-03': { EUR: '0.81', GBP: '0.61', INR: '141' },
  '1990-01-05': { EUR: '0.82', GBP: '0.6', INR: '143' },
};

export function seedHistory(t: TestApp): Promise<void> {
  return givenIn(t.app).closes(SEEDED_CLOSES);
}
