import { MikroORM } from '@mikro-orm/postgresql';
import type { GivenUserOptions } from '@fxrates/testing';
import request from 'supertest';
import { givenIn } from '../../support/given';
import { signIn } from '../../support/signed-in';
import type { TestApp } from '../../test-app';

/** A signed-in user with one API key, as an attacker or a victim. */
export interface Account {
  userId: string;
  email: string;
  accessToken: string;
  /** "fxrates_refresh=…", for a Cookie header. */
  cookie: string;
  key: string;
  keyId: string;
}

/** The Authorization header of a signed-in account. */
export const bearer = (account: Pick<Account, 'accessToken'>) => `Bearer ${account.accessToken}`;

export function sql(t: TestApp, query: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  return t.app.get(MikroORM).em.getConnection().execute(query, params);
}

/** PATCH /api/account with a body sent exactly as written: JSON a client library would not make. */
export function patchAccountRaw(t: TestApp, account: Account, json: string): request.Test {
  return request(t.app.getHttpServer())
    .patch('/api/account')
    .set('Authorization', bearer(account))
    .set('Content-Type', 'application/json')
    .send(json);
}

/** A new user (verified, free) signed in, with one API key named `primary`. */
export async function accountWithKey(t: TestApp, options: GivenUserOptions = {}): Promise<Account> {
  const given = givenIn(t.app);
  const user = await given.user(options);
  const [session, key] = await Promise.all([signIn(t.app, user), given.key(user)]);
  return {
    userId: user.id,
    email: user.email,
    accessToken: session.accessToken,
    cookie: session.cookie,
    key: key.key,
    keyId: key.id,
  };
}

/**
 * Everything stored about an account that an attack could change: the user row, its keys, its
 * subscriptions and its refresh tokens. Compared before and after an attack.
 */
export async function accountState(t: TestApp, userId: string): Promise<Record<string, unknown>> {
  return {
    user: await sql(t, 'select * from users where id = ?', [userId]),
    keys: await sql(t, 'select * from api_keys where user_id = ? order by id', [userId]),
    subscriptions: await sql(t, 'select * from subscriptions where user_id = ? order by id', [userId]),
    refreshTokens: await sql(t, 'select * from refresh_tokens where user_id = ? order by id', [userId]),
  };
}
