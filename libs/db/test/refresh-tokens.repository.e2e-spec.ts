import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { AccountSession, RefreshTokensRepository } from '../src';
import { newUser } from './support/accounts';
import { connectOrm, unique } from './support/test-database';

/** Refresh tokens and the sessions they carry, against real PostgreSQL. */
describe('RefreshTokensRepository', () => {
  let orm: MikroORM;
  let tokens: RefreshTokensRepository;

  beforeAll(async () => {
    orm = await connectOrm();
    tokens = new RefreshTokensRepository(orm.em.fork());
  });
  afterAll(() => orm.close());

  const device = { browser: 'Firefox on Linux', network: '203.0.113.0/24', place: null };
  /** Issues a token of `family` (a new session unless given); answers its hash and family. */
  const issue = async (userId: string, family = randomUUID(), expiresInMs = 86_400_000) => {
    const now = new Date();
    const tokenHash = unique(32);
    const issued = await tokens.issue({
      tokenId: randomUUID(),
      tokenHash,
      userId,
      family,
      now,
      expiresAt: new Date(now.getTime() + expiresInMs),
      authenticatedAt: new Date('2026-03-01T08:00:00Z'),
      device,
    });
    return { issued, tokenHash, family };
  };
  const sessionOf = (id: string) => orm.em.fork().findOne(AccountSession, { id });
  const ended = async (id: string) => (await sessionOf(id))?.revokedAt !== null;

  it('issues a token with its session, and further tokens into it; never into a session ended or of another user', async () => {
    const userId = await newUser(orm.em);
    const first = await issue(userId);
    expect(first.issued).toBe(true);
    expect(await sessionOf(first.family)).toMatchObject({ browser: device.browser, revokedAt: null });
    expect((await issue(userId, first.family)).issued).toBe(true);
    expect((await issue(await newUser(orm.em), first.family)).issued).toBe(false);
    await tokens.endFamily(first.family);
    expect((await issue(userId, first.family)).issued).toBe(false);
  });

  it('lets one of concurrent rotations of a token claim it, carrying its authentication time', async () => {
    const userId = await newUser(orm.em);
    const { tokenHash, family } = await issue(userId);
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => new RefreshTokensRepository(orm.em.fork()).claimForRotation(tokenHash)),
    );
    const won = claims.filter((claim) => claim !== undefined);
    expect(won).toEqual([{ userId, family, authenticatedAt: new Date('2026-03-01T08:00:00Z') }]);
    expect(await tokens.stateOf(tokenHash)).toEqual({ family, expired: false, revoked: false });
  });

  it('claims no expired, revoked or unknown token, and tells which', async () => {
    const userId = await newUser(orm.em);
    const expired = await issue(userId, randomUUID(), -1000);
    expect(await tokens.claimForRotation(expired.tokenHash)).toBeUndefined();
    expect(await tokens.stateOf(expired.tokenHash)).toMatchObject({ expired: true, revoked: false });
    const revoked = await issue(userId);
    await tokens.endFamilyOf(revoked.tokenHash);
    expect(await tokens.claimForRotation(revoked.tokenHash)).toBeUndefined();
    expect(await tokens.stateOf(revoked.tokenHash)).toMatchObject({ revoked: true });
    expect(await ended(revoked.family)).toBe(true);
    expect(await tokens.stateOf(unique(32))).toBeUndefined();
    await tokens.endFamilyOf(unique(32));
  });

  it('moves a session’s authentication time, not another user’s', async () => {
    const userId = await newUser(orm.em);
    const { tokenHash, family } = await issue(userId);
    await tokens.markAuthenticated(family, await newUser(orm.em), new Date('2026-04-01T00:00:00Z'));
    await tokens.markAuthenticated(family, userId, new Date('2026-03-02T00:00:00Z'));
    expect((await tokens.claimForRotation(tokenHash))?.authenticatedAt).toEqual(
      new Date('2026-03-02T00:00:00Z'),
    );
  });

  it('ends one session, or all but one, of a user only', async () => {
    const userId = await newUser(orm.em);
    const [a, b, c] = [await issue(userId), await issue(userId), await issue(userId)];
    const stranger = await issue(await newUser(orm.em));
    expect(await tokens.endSession(userId, stranger.family)).toBe(false);
    expect(await tokens.endSession(userId, a.family)).toBe(true);
    expect(await tokens.endSession(userId, a.family)).toBe(false);
    await tokens.endOtherSessions(userId, b.family);
    expect([await ended(a.family), await ended(b.family), await ended(c.family)]).toEqual([
      true,
      false,
      true,
    ]);
    expect(await ended(stranger.family)).toBe(false);
  });

  it('ends every session of a user but the kept token’s, inside the caller’s transaction', async () => {
    const userId = await newUser(orm.em);
    const [kept, other] = [await issue(userId), await issue(userId)];
    await expect(
      orm.em.fork().transactional(async (tx) => {
        await new RefreshTokensRepository(tx).endAllOf(userId, kept.tokenHash);
        throw new Error('password change failed');
      }),
    ).rejects.toThrow('password change failed');
    expect(await ended(other.family)).toBe(false);
    await orm.em
      .fork()
      .transactional((tx) => new RefreshTokensRepository(tx).endAllOf(userId, kept.tokenHash));
    expect([await ended(kept.family), await ended(other.family)]).toEqual([false, true]);
    await tokens.endAllOf(userId, '');
    expect(await ended(kept.family)).toBe(true);
  });
});
