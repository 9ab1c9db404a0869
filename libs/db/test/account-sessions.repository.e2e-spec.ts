import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AccountSession, AccountSessionsRepository, User } from '../src';
import { newUser } from './support/accounts';
import { connectOrm } from './support/test-database';

/** The signed-in guard's session queries against real PostgreSQL. */
describe('AccountSessionsRepository', () => {
  let orm: MikroORM;
  let sessions: AccountSessionsRepository;

  beforeAll(async () => {
    orm = await connectOrm();
    sessions = new AccountSessionsRepository(orm.em.fork());
  });
  afterAll(() => orm.close());

  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const newSession = async (
    userId: string,
    options: { lastUsedAt?: Date; expiresAt?: Date; revokedAt?: Date | null } = {},
  ): Promise<string> => {
    const em = orm.em.fork();
    const id = randomUUID();
    em.create(AccountSession, {
      id,
      user: em.getReference(User, userId),
      createdAt: minutesAgo(60),
      lastUsedAt: options.lastUsedAt ?? new Date(),
      expiresAt: options.expiresAt ?? new Date(Date.now() + 86_400_000),
      revokedAt: options.revokedAt ?? null,
      browser: 'test',
    });
    await em.flush();
    return id;
  };
  const lastUsedOf = async (id: string) =>
    (await orm.em.fork().findOneOrFail(AccountSession, { id })).lastUsedAt;

  it('finds a signed-in session, due a "last used" write only after five minutes', async () => {
    const userId = await newUser(orm.em);
    expect(await sessions.signedIn(await newSession(userId), userId)).toEqual({ lastUsedDue: false });
    expect(await sessions.signedIn(await newSession(userId, { lastUsedAt: minutesAgo(6) }), userId)).toEqual({
      lastUsedDue: true,
    });
  });

  it('finds no session that is revoked, expired, of another user, unknown, or of a deleted account', async () => {
    const userId = await newUser(orm.em);
    const revoked = await newSession(userId, { revokedAt: new Date() });
    const expired = await newSession(userId, { expiresAt: minutesAgo(1) });
    expect(await sessions.signedIn(revoked, userId)).toBeUndefined();
    expect(await sessions.signedIn(expired, userId)).toBeUndefined();
    expect(await sessions.signedIn(await newSession(userId), await newUser(orm.em))).toBeUndefined();
    expect(await sessions.signedIn(randomUUID(), userId)).toBeUndefined();
    const live = await newSession(userId);
    await orm.em.fork().nativeUpdate(User, { id: userId }, { deletedAt: new Date() });
    expect(await sessions.signedIn(live, userId)).toBeUndefined();
  });

  it('writes "last used" only when the last write is over five minutes old', async () => {
    const userId = await newUser(orm.em);
    const recent = minutesAgo(1);
    const fresh = await newSession(userId, { lastUsedAt: recent });
    await sessions.touch(fresh);
    expect(await lastUsedOf(fresh)).toEqual(recent);
    const stale = await newSession(userId, { lastUsedAt: minutesAgo(10) });
    const before = Date.now();
    await sessions.touch(stale);
    expect((await lastUsedOf(stale)).getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });
});
