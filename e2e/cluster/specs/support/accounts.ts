import type { Given } from '@fxrates/testing';

export interface Account {
  userId: string;
  accessToken: string;
  key: string;
  keyId: string;
}

/**
 * A new user (on the free plan, the address verified) with one API key, from the factories, signed in
 * through the cluster's `url` as a browser would: the cluster's tests are about other things than sign-up.
 */
export async function newAccount({ url }: { url: string }, given: Given): Promise<Account> {
  const { user, id, key } = await given.keyOnPlan({ name: 'cluster' });
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200)
    throw new Error(`Expected 200, got ${response.status}: ${JSON.stringify(body)}`);
  return { userId: user.id, accessToken: body.accessToken as string, key, keyId: id };
}
