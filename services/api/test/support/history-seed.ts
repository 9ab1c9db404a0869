import type { TestApp } from '../test-app';
import { MikroORM } from '@mikro-orm/postgresql';
import { BUNDLED_ECB_HISTORY, backfillEcbHistory } from '../../../worker/src/history/ecb-backfill';
import { connectTestDatabase } from '../../../worker/test/support/history-rows';

/** Writes one ECB close (units per 1 USD), replacing the one of that day and currency. */
export function upsertClose(t: TestApp, day: string, currency: string, rate: string): Promise<unknown> {
  return t.app
    .get(MikroORM)
    .em.getConnection()
    .execute(
      `insert into rate_history (source, day, currency, rate_vs_usd) values ('ecb', ?, ?, ?)
         on conflict (source, day, currency) do update set rate_vs_usd = excluded.rate_vs_usd`,
      [day, currency, rate],
    );
}

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

export async function seedHistory(t: TestApp): Promise<void> {
  for (const [day, rates] of Object.entries(SEEDED_CLOSES)) {
    for (const [currency, rate] of Object.entries(rates)) await upsertClose(t, day, currency, rate);
  }
}
