import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import {
  EmailChange,
  EmailedLinksRepository,
  EmailVerification,
  PasswordReset,
  User,
  UsersRepository,
  type EmailedLinkTable,
} from '../src';
import { newUser } from './support/accounts';
import { connectOrm, unique } from './support/test-database';

/** The users' and emailed links' queries against real PostgreSQL, on accounts of this file's own. */
describe('UsersRepository and EmailedLinksRepository', () => {
  let orm: MikroORM;
  let users: UsersRepository;
  let links: EmailedLinksRepository;

  beforeAll(async () => {
    orm = await connectOrm();
    users = new UsersRepository(orm.em.fork());
    links = new EmailedLinksRepository(orm.em.fork());
  });
  afterAll(() => orm.close());

  const userOf = (id: string) => orm.em.fork().findOneOrFail(User, { id }, { populate: ['passwordHash'] });
  const newLink = async (
    type: typeof PasswordReset | typeof EmailChange | typeof EmailVerification,
    userId: string,
    extra: Record<string, unknown> = {},
  ) => {
    const em = orm.em.fork();
    const link = em.create(type as typeof PasswordReset, {
      userId,
      email: `link-${unique()}@example.test`,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
      ...extra,
    });
    await em.flush();
    return link.id;
  };
  const usedAt = async (type: typeof PasswordReset | typeof EmailChange, id: string) =>
    (await orm.em.fork().findOneOrFail(type as typeof PasswordReset, { id })).usedAt;

  describe('users', () => {
    it('creates a user with the plan given, free unless told', async () => {
      const user = await users.create({
        email: `new-${unique()}@example.test`,
        passwordHash: 'hash',
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      expect(await userOf(user.id)).toMatchObject({
        plan: 'free',
        displayName: 'Ada Lovelace',
        emailVerifiedAt: null,
      });
      expect((await userOf(await newUser(orm.em, 'enterprise'))).plan).toBe('enterprise');
    });

    it('replaces a password hash only while the account has the address, verifying it when asked', async () => {
      const id = await newUser(orm.em);
      const { email } = await userOf(id);
      expect(await users.replacePasswordHash(id, 'someone-else@example.test', 'other', true)).toBe(false);
      expect(await users.replacePasswordHash(id, email, 'second', false)).toBe(true);
      expect(await userOf(id)).toMatchObject({ passwordHash: 'second', emailVerifiedAt: null });
      expect(await users.replacePasswordHash(id, email.toUpperCase(), 'third', true)).toBe(true);
      expect(await userOf(id)).toMatchObject({ passwordHash: 'third', emailVerifiedAt: expect.any(Date) });
    });

    it('moves the address only from the one the account still has, refusing one another account has', async () => {
      const id = await newUser(orm.em);
      const { email } = await userOf(id);
      const moved = `moved-${unique()}@example.test`;
      expect(await users.moveEmail(id, 'old@example.test', moved)).toBe(false);
      expect(await users.moveEmail(id, email, moved)).toBe(true);
      expect(await userOf(id)).toMatchObject({ email: moved, emailVerifiedAt: expect.any(Date) });
      const taken = (await userOf(await newUser(orm.em))).email;
      await expect(users.moveEmail(id, moved, taken)).rejects.toThrow(/unique|duplicate/i);
    });

    it('verifies the address the link went to, while it is the account’s, and tells whether it is verified', async () => {
      const id = await newUser(orm.em);
      const { email } = await userOf(id);
      expect(await users.isEmailVerified(id)).toBe(false);
      expect(await users.verifyEmail(id, 'old@example.test')).toBeUndefined();
      expect(await users.verifyEmail(id, email)).toEqual({ id, email, displayName: 'Repo Test' });
      expect(await users.isEmailVerified(id)).toBe(true);
      expect(await users.isEmailVerified(randomUUID())).toBeUndefined();
    });
  });

  describe('emailed links', () => {
    it('lets one of concurrent claims of a link win, for each kind of link', async () => {
      const userId = await newUser(orm.em);
      const kinds: [
        EmailedLinkTable,
        typeof PasswordReset | typeof EmailChange | typeof EmailVerification,
      ][] = [
        ['password_resets', PasswordReset],
        ['email_verifications', EmailVerification],
        ['email_changes', EmailChange],
      ];
      for (const [table, type] of kinds) {
        const id = await newLink(
          type,
          userId,
          type === EmailChange ? { previousEmail: 'a@example.test' } : {},
        );
        const claims = await Promise.all(
          Array.from({ length: 5 }, () => new EmailedLinksRepository(orm.em.fork()).claim(table, id)),
        );
        expect(claims.filter(Boolean)).toHaveLength(1);
        expect(await links.claim(table, id)).toBe(false);
      }
      expect(await links.claim('password_resets', randomUUID())).toBe(false);
    });

    it('refuses a table that is not one of the links’ (it is written into the SQL)', async () => {
      await expect(links.claim('users' as EmailedLinkTable, randomUUID())).rejects.toThrow('Not a table');
    });

    it('marks every unused reset link of the user used, not another user’s', async () => {
      const userId = await newUser(orm.em);
      const [a, b] = [await newLink(PasswordReset, userId), await newLink(PasswordReset, userId)];
      const other = await newLink(PasswordReset, await newUser(orm.em));
      await links.usePasswordResetsOf(userId);
      expect(await usedAt(PasswordReset, a)).toBeInstanceOf(Date);
      expect(await usedAt(PasswordReset, b)).toBeInstanceOf(Date);
      expect(await usedAt(PasswordReset, other)).toBeNull();
    });

    it('confirms a claimed email change and ends the user’s others waiting, inside the caller’s transaction', async () => {
      const userId = await newUser(orm.em);
      const previousEmail = 'before@example.test';
      const [made, waiting] = [
        await newLink(EmailChange, userId, { previousEmail }),
        await newLink(EmailChange, userId, { previousEmail }),
      ];
      await expect(
        orm.em.fork().transactional(async (tx) => {
          await new EmailedLinksRepository(tx).endPendingEmailChangesOf(userId);
          throw new Error('address taken');
        }),
      ).rejects.toThrow('address taken');
      expect(await usedAt(EmailChange, waiting)).toBeNull();
      await orm.em.fork().transactional(async (tx) => {
        const inTx = new EmailedLinksRepository(tx);
        await inTx.claim('email_changes', made);
        await inTx.confirmEmailChange(made);
        await inTx.endPendingEmailChangesOf(userId);
      });
      const confirmed = await orm.em.fork().findOneOrFail(EmailChange, { id: made });
      expect(confirmed.confirmedAt).toEqual(confirmed.usedAt);
      expect(await usedAt(EmailChange, waiting)).toBeInstanceOf(Date);
      expect((await orm.em.fork().findOneOrFail(EmailChange, { id: waiting })).confirmedAt).toBeNull();
    });
  });
});
