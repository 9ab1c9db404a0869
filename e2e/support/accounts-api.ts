import { randomUUID } from 'node:crypto';
import type { AuthResponse, CreatedApiKey } from '@fxrates/domain';
import { markEmailVerified } from './verified-email';

/**
 * Registers a user straight through the API (for tests whose subject is not registration), with the
 * address marked verified unless `{ verified: false }`.
 */
export async function registerViaApi(
  apiUrl: string,
  { verified = true }: { verified?: boolean } = {},
): Promise<AuthResponse & { email: string; password: string }> {
  const email = `e2e-${randomUUID()}@example.test`;
  const password = 'e2e-password-123';
  const response = await fetch(`${apiUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Eve', lastName: 'Tester', email, password }),
  });
  if (response.status !== 201) throw new Error(`POST /api/auth/register answered ${response.status}`);
  if (verified) await markEmailVerified(email);
  return { ...((await response.json()) as AuthResponse), email, password };
}

export async function createKeyViaApi(
  apiUrl: string,
  accessToken: string,
  name = 'e2e',
): Promise<CreatedApiKey> {
  const response = await fetch(`${apiUrl}/api/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`POST /api/keys answered ${response.status}`);
  return (await response.json()) as CreatedApiKey;
}
