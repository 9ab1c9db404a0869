import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import {
  AccountDataRepository,
  AccountSession,
  ApiKey,
  ContactMessage,
  UsageRepository,
  User,
  UsersRepository,
} from '../src';
import { newKey, newUser } from './support/accounts';
import { connectOrm, unique } from './support/test-database';

/** An account's data across the tables, exported and erased, against real PostgreSQL. */
describe('AccountDataRepository', () => {
  let orm: MikroORM;
  let accounts: AccountDataRepository;

  beforeAll(async () => {
    orm = await connectOrm();
    accounts = new AccountDataRepository(orm.em.fork());
  });
  afterAll(() => orm.close());

  /** A verified account with a key, a day of usage, a sign-in and a contact message from its address. */
  const populated = async () => {
    const userId = await newUser(orm.em);
    const { email } = await orm.em.fork().findOneOrFail(User, { id: userId });
    await new UsersRepository(orm.em.fork()).verifyEmail(userId, email);
    const key = await newKey(orm.em, userId);
    await new UsageRepository(orm.em.fork()).add([{ keyId: key.id, day: '2026-03-01', requests: 3 }]);
    const em = orm.em.fork();
    em.create(AccountSession, {
      id: randomUUID(),
      user: em.getReference(User, userId),
      createdAt: new Date(),
      lastUsedAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
      browser: 'test',
    });
    em.create(ContactMessage, {
      name: 'Repo',
      email: email.toUpperCase(),
      subject: 'Hello',
      message: 'From the account’s own address',
      createdAt: new Date(),
    });
    await em.flush();
    return { userId, email, key };
  };

  it('reads every row of the account, none of anyone else’s, and nothing of an account that is gone', async () => {
    const { userId, key } = await populated();
    await populated();
    const rows = (await accounts.exportRows(userId))!;
    expect(rows.profile).toMatchObject({ id: userId });
    expect(rows.apiKeys.map((row) => row.id)).toEqual([key.id]);
    expect(rows.usage).toEqual([expect.objectContaining({ key_id: key.id, requests: '3' })]);
    expect(rows.sessions).toHaveLength(1);
    expect(rows.contactMessages.map((row) => row.message)).toEqual(['From the account’s own address']);
    expect([rows.subscriptions, rows.payments, rows.quotaAlerts, rows.emailChanges]).toEqual([
      [],
      [],
      [],
      [],
    ]);
    expect(await accounts.exportRows(randomUUID())).toBeUndefined();
  });

  it('erases the account’s personal data, keeping its disabled keys’ ids and leaving other accounts alone', async () => {
    const { userId, key } = await populated();
    const other = await populated();
    const deletedAt = new Date('2026-03-05T10:00:00Z');
    await orm.em.fork().transactional(async (tx) => {
      const account = new AccountDataRepository(tx);
      expect(await account.lockForErasure(userId)).toEqual({ email: expect.any(String), verified: true });
      await account.erase(userId, {
        cancelledSubscriptions: [],
        deletedAddress: `deleted-${unique()}@example.invalid`,
        unusablePasswordHash: '!',
        deletedAt,
      });
    });
    const user = await orm.em.fork().findOneOrFail(User, { id: userId }, { populate: ['passwordHash'] });
    expect(user).toMatchObject({
      firstName: '',
      displayName: '',
      passwordHash: '!',
      deletedAt,
      plan: 'free',
    });
    expect((await orm.em.fork().findOneOrFail(ApiKey, { id: key.id })).name).toBe('Deleted account');
    expect(await accounts.exportRows(userId)).toBeUndefined();
    expect(await orm.em.fork().count(AccountSession, { user: userId })).toBe(0);
    expect(
      await orm.em.fork().transactional((tx) => new AccountDataRepository(tx).lockForErasure(userId)),
    ).toBe(undefined);
    const untouched = (await accounts.exportRows(other.userId))!;
    expect([untouched.usage.length, untouched.sessions.length, untouched.contactMessages.length]).toEqual([
      1, 1, 1,
    ]);
  });
});
