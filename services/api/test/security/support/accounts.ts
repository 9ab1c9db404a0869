import { wrap } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { ApiKey, RefreshToken, Subscription, User } from '@fxrates/db';
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
  const em = t.app.get(MikroORM).em.fork();
  // Every column, the hidden ones (password, key and token hashes) included.
  const columns = (rows: object[]) => rows.map((row) => wrap(row).toPOJO());
  const byId = { orderBy: { id: 'asc' } } as const;
  return {
    user: columns(await em.find(User, { id: userId }, { populate: ['passwordHash'] })),
    keys: columns(await em.find(ApiKey, { user: userId }, byId)),
    subscriptions: columns(await em.find(Subscription, { user: userId }, byId)),
    refreshTokens: columns(await em.find(RefreshToken, { user: userId }, byId)),
  };
}
