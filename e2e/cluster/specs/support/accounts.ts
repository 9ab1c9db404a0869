import { randomUUID } from 'node:crypto';
import { markEmailVerified } from '../../verified-email';

export const PASSWORD = 'correct horse battery';

export interface Account {
  userId: string;
  accessToken: string;
  key: string;
  keyId: string;
}

async function json(response: Response, expected: number): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== expected)
    throw new Error(`Expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A new user (on the free plan, the address verified) with one API key, made through the cluster's
 * `url` as a browser would.
 */
export async function signUp({ url, databaseUrl }: { url: string; databaseUrl: string }): Promise<Account> {
  const registered = await json(
    await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `user-${randomUUID()}@example.test`,
        password: PASSWORD,
      }),
    }),
    201,
  );
  const accessToken = registered.accessToken as string;
  const userId = (registered.user as { uid: string }).uid;
  await markEmailVerified(databaseUrl, userId);
  const created = await json(
    await fetch(`${url}/api/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ name: 'cluster' }),
    }),
    201,
  );
  return {
    userId,
    accessToken,
    key: created.key as string,
    keyId: created.id as string,
  };
}
