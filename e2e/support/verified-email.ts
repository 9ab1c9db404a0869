import { Client } from 'pg';

/**
 * Marks an address verified, as opening its emailed link does (issue 30 §5: only verified addresses
 * create keys), for browser tests whose subject is not verification. The API under test uses
 * E2E_DATABASE_URL (api-process.ts).
 */
export async function markEmailVerified(email: string): Promise<void> {
  const db = new Client({
    connectionString: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test',
  });
  await db.connect();
  try {
    await db.query(
      'update users set email_verified_at = now() where email = $1 and email_verified_at is null',
      [email],
    );
  } finally {
    await db.end();
  }
}
