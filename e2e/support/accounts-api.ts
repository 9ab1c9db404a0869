import { randomUUID } from 'node:crypto';
import type { AuthResponse, CreatedApiKey } from '@fxrates/domain';

/**
 * Signs up straight through the API, leaving the address unverified as sign-up does: for tests whose
 * subject is sign-up or verification. Any other test takes its user from the factories (given.user).
 */
export async function registerViaApi(
  apiUrl: string,
): Promise<AuthResponse & { email: string; password: string }> {
  const email = `e2e-${randomUUID()}@example.test`;
  const password = 'e2e-password-123';
  const response = await fetch(`${apiUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Eve', lastName: 'Tester', email, password }),
  });
  if (response.status !== 201) throw new Error(`POST /api/auth/register answered ${response.status}`);
  return { ...((await response.json()) as AuthResponse), email, password };
}

/** Signs in through the API with email and password; answers the access token. */
export async function signInViaApi(
  apiUrl: string,
  user: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`POST /api/auth/login answered ${response.status}`);
  return ((await response.json()) as AuthResponse).accessToken;
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
