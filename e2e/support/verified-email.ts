import { Client } from 'pg';
import { e2eEnvironment } from './e2e-environment';

/**
 * Marks an address verified, as opening its emailed link does (only verified addresses create
 * keys), for browser tests whose subject is not verification, in the database of this worker's
 * stack (e2eEnvironment().databaseUrl).
 */
export async function markEmailVerified(email: string): Promise<void> {
  await query('update users set email_verified_at = now() where email = $1 and email_verified_at is null', [
    email,
  ]);
}

/** Lets every verification link sent to the address expire, as a day's wait would. */
export async function expireVerificationLinks(email: string): Promise<void> {
  await query(
    `update email_verifications
        set created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour'
      where email = $1 and used_at is null`,
    [email],
  );
}

/** Runs one statement against the database of the API under test; answers the rows it returns. */
export async function query<Row extends object = Record<string, unknown>>(
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const db = new Client({
    connectionString: e2eEnvironment().databaseUrl,
  });
  await db.connect();
  try {
    return (await db.query(text, values)).rows as Row[];
  } finally {
    await db.end();
  }
}
