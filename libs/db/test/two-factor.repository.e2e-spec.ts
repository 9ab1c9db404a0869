import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { TwoFactorRepository } from '../src';
import { newUser } from './support/accounts';
import { connectOrm, unique } from './support/test-database';

/** Two-factor secrets and recovery codes against real PostgreSQL, on accounts of this file's own. */
describe('TwoFactorRepository', () => {
  let orm: MikroORM;
  let twoFactor: TwoFactorRepository;

  beforeAll(async () => {
    orm = await connectOrm();
    twoFactor = new TwoFactorRepository(orm.em.fork());
  });
  afterAll(() => orm.close());

  it('starts an enrolment, replaces a waiting one, and refuses a new one once two-factor is on', async () => {
    const userId = await newUser(orm.em);
    expect(await twoFactor.ofUser(userId)).toBeUndefined();
    expect(await twoFactor.startEnrolment(userId, 'first')).toBe(true);
    expect(await twoFactor.startEnrolment(userId, 'second')).toBe(true);
    expect(await twoFactor.ofUser(userId)).toEqual({
      secret_ciphertext: 'second',
      enabled_at: null,
      last_used_step: null,
    });
    expect(await twoFactor.enable(userId, 'first')).toBeUndefined();
    const enabledAt = await twoFactor.enable(userId, 'second');
    expect(new Date(enabledAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await twoFactor.enable(userId, 'second')).toBeUndefined();
    expect(await twoFactor.startEnrolment(userId, 'third')).toBe(false);
    expect((await twoFactor.ofUser(userId))?.secret_ciphertext).toBe('second');
  });

  it('takes each time step once, never an earlier one, even when tried at once', async () => {
    const userId = await newUser(orm.em);
    await twoFactor.startEnrolment(userId, 'sealed');
    const takes = await Promise.all(
      Array.from({ length: 5 }, () =>
        new TwoFactorRepository(orm.em.fork()).spendStep(userId, 'sealed', 1000),
      ),
    );
    expect(takes.filter(Boolean)).toHaveLength(1);
    expect(await twoFactor.spendStep(userId, 'sealed', 999)).toBe(false);
    expect(await twoFactor.spendStep(userId, 'other secret', 1001)).toBe(false);
    expect(await twoFactor.spendStep(userId, 'sealed', 1001)).toBe(true);
    expect((await twoFactor.ofUser(userId))?.last_used_step).toBe('1001');
  });

  it('replaces the recovery codes, uses each once, and counts those left', async () => {
    const userId = await newUser(orm.em);
    const [old, ...codes] = Array.from({ length: 11 }, () => unique(16));
    await twoFactor.replaceRecoveryCodes(userId, [old]);
    await twoFactor.replaceRecoveryCodes(userId, codes);
    expect(await twoFactor.recoveryCodesLeft(userId)).toBe(10);
    expect(await twoFactor.useRecoveryCode(userId, old)).toBe(false);
    const uses = await Promise.all(
      Array.from({ length: 4 }, () =>
        new TwoFactorRepository(orm.em.fork()).useRecoveryCode(userId, codes[0]),
      ),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
    expect(await twoFactor.useRecoveryCode(await newUser(orm.em), codes[1])).toBe(false);
    expect(await twoFactor.recoveryCodesLeft(userId)).toBe(9);
    await twoFactor.replaceRecoveryCodes(userId, []);
    expect(await twoFactor.recoveryCodesLeft(userId)).toBe(0);
    expect(await twoFactor.recoveryCodesLeft(randomUUID())).toBe(0);
  });

  it('lists the stored hashes of the user’s recovery codes, used ones included, and no one else’s', async () => {
    const userId = await newUser(orm.em);
    const codes = Array.from({ length: 3 }, () => unique(16));
    expect(await twoFactor.recoveryCodeHashesOf(userId)).toEqual([]);
    await twoFactor.replaceRecoveryCodes(userId, codes);
    await twoFactor.replaceRecoveryCodes(await newUser(orm.em), [unique(16)]);
    expect(await twoFactor.useRecoveryCode(userId, codes[0])).toBe(true);
    expect(await twoFactor.recoveryCodeHashesOf(userId)).toEqual([...codes].sort());
    await twoFactor.remove(userId);
    expect(await twoFactor.recoveryCodeHashesOf(userId)).toEqual([]);
  });

  it('removes the secret and the codes together, inside the caller’s transaction', async () => {
    const userId = await newUser(orm.em);
    await twoFactor.startEnrolment(userId, 'sealed');
    await twoFactor.replaceRecoveryCodes(userId, [unique(16)]);
    await expect(
      orm.em.fork().transactional(async (tx) => {
        await new TwoFactorRepository(tx).remove(userId);
        throw new Error('second factor refused');
      }),
    ).rejects.toThrow('second factor refused');
    expect(await twoFactor.ofUser(userId)).toBeDefined();
    await orm.em.fork().transactional((tx) => new TwoFactorRepository(tx).remove(userId));
    expect(await twoFactor.ofUser(userId)).toBeUndefined();
    expect(await twoFactor.recoveryCodesLeft(userId)).toBe(0);
  });
});
