import { Client } from 'pg';

/**
 * Marks a user's address verified, as opening the emailed link does: only verified addresses create
 * API keys, and the cluster's tests and soak are about other things.
 */
export async function markEmailVerified(databaseUrl: string, userId: string): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('update users set email_verified_at = now() where id = $1 and email_verified_at is null', [
      userId,
    ]);
  } finally {
    await db.end();
  }
}
