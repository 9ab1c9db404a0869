import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import {
  AccountDataRepository,
  ApiKey,
  User,
  UsageBreakdownRepository,
  type UsageBreakdownCell,
} from '../src';
import { newKey, newUser } from './support/accounts';
import { connectOrm, unique } from './support/test-database';

/** usage_breakdown_daily against real PostgreSQL, on users of this file's own. */
describe('UsageBreakdownRepository', () => {
  let orm: MikroORM;
  let breakdown: UsageBreakdownRepository;

  beforeAll(async () => {
    orm = await connectOrm();
    breakdown = new UsageBreakdownRepository(orm.em.fork());
  });
  afterAll(() => orm.close());

  const cell = (
    userId: string,
    keyId: string,
    day: string,
    endpoint = 'rates/latest',
    calls = 1,
    statusClass: UsageBreakdownCell['statusClass'] = '2xx',
  ): UsageBreakdownCell => ({ userId, keyId, day, endpoint, statusClass, calls });

  const linesOf = async (userId: string, from = '1900-01-01', to = '2999-12-31') =>
    (await breakdown.rowsOfUser(userId, from, to)).map(
      (r) => `${r.day} ${r.keyId.slice(0, 8)} ${r.endpoint} ${r.statusClass} ${r.calls}`,
    );

  it('adds calls to each cell, creating it on the first; reads a range by day, key, endpoint, status class', async () => {
    const userId = await newUser(orm.em);
    const [a, b] = [await newKey(orm.em, userId), await newKey(orm.em, userId)].sort((x, y) =>
      x.id.localeCompare(y.id),
    );
    await breakdown.add([]);
    await breakdown.add([
      cell(userId, b.id, '2026-03-02', 'rates/latest', 2),
      cell(userId, a.id, '2026-03-02', 'rates/rate', 1, '4xx'),
      cell(userId, a.id, '2026-03-02', 'rates/latest', 5, '3xx'),
      cell(userId, a.id, '2026-03-02', 'rates/latest', 3),
      cell(userId, a.id, '2026-03-01', 'rates/historical/:date', 1, '5xx'),
      cell(userId, a.id, '2026-04-01', 'usage', 9),
    ]);
    await breakdown.add([cell(userId, a.id, '2026-03-02', 'rates/latest', 4)]);
    const [ka, kb] = [a.id.slice(0, 8), b.id.slice(0, 8)];
    expect(await linesOf(userId, '2026-03-01', '2026-03-31')).toEqual([
      `2026-03-01 ${ka} rates/historical/:date 5xx 1`,
      `2026-03-02 ${ka} rates/latest 2xx 7`,
      `2026-03-02 ${ka} rates/latest 3xx 5`,
      `2026-03-02 ${ka} rates/rate 4xx 1`,
      `2026-03-02 ${kb} rates/latest 2xx 2`,
    ]);
    expect(await linesOf(userId, '2026-03-02', '2026-03-02')).toHaveLength(4);
    expect(await linesOf(userId, '2026-04-01', '2026-04-01')).toEqual([`2026-04-01 ${ka} usage 2xx 9`]);
    expect(await linesOf(randomUUID())).toEqual([]);
  });

  it('counts every call of concurrent adds to the same cells exactly once, in any order, without deadlocks', async () => {
    const userId = await newUser(orm.em);
    const keys = [await newKey(orm.em, userId), await newKey(orm.em, userId), await newKey(orm.em, userId)];
    const cells = keys.flatMap((key) =>
      ['rates/latest', 'rates/rate', 'convert'].map((endpoint) =>
        cell(userId, key.id, '2026-05-05', endpoint),
      ),
    );
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        // Each writer lists the same cells in another order.
        const shuffled = [...cells.slice(i % cells.length), ...cells.slice(0, i % cells.length)];
        return new UsageBreakdownRepository(orm.em.fork()).add(i % 2 ? shuffled.reverse() : shuffled);
      }),
    );
    const rows = await breakdown.rowsOfUser(userId, '2026-05-05', '2026-05-05');
    expect(rows).toHaveLength(9);
    expect(rows.every((row) => row.calls === 20)).toBe(true);
  });

  it("keeps a key's calls once the key is deleted, and drops those of an account deleted or gone", async () => {
    const userId = await newUser(orm.em);
    const key = await newKey(orm.em, userId);
    await breakdown.add([cell(userId, key.id, '2026-06-01')]);
    await orm.em.fork().nativeDelete(ApiKey, { id: key.id });
    expect(await linesOf(userId)).toEqual([`2026-06-01 ${key.id.slice(0, 8)} rates/latest 2xx 1`]);
    expect(await breakdown.keysOfUser(userId, [key.id])).toEqual([]);

    // Erased with the account's personal data, and never written again for it.
    await orm.em.fork().transactional(async (tx) => {
      const account = new AccountDataRepository(tx);
      await account.lockForErasure(userId);
      await account.erase(userId, {
        cancelledSubscriptions: [],
        deletedAddress: `deleted-${unique()}@example.invalid`,
        unusablePasswordHash: '!',
        deletedAt: new Date(),
      });
    });
    expect(await linesOf(userId)).toEqual([]);
    const other = await newUser(orm.em);
    const otherKey = await newKey(orm.em, other);
    await breakdown.add([cell(userId, key.id, '2026-06-02'), cell(other, otherKey.id, '2026-06-02')]);
    expect(await linesOf(userId)).toEqual([]);
    expect(await linesOf(other)).toHaveLength(1);

    // A user removed outright takes the rows along; a write naming a user that does not exist adds nothing.
    await orm.em.fork().nativeDelete(User, { id: other });
    expect(await linesOf(other)).toEqual([]);
    await breakdown.add([cell(randomUUID(), otherKey.id, '2026-06-03')]);
  });

  it("lists the keys the rows name that are the user's, disabled ones too, never another user's", async () => {
    const userId = await newUser(orm.em);
    const older = await newKey(orm.em, userId, { createdAt: new Date('2026-01-01T00:00:00Z') });
    const disabled = await newKey(orm.em, userId, { status: 'disabled', disabledAt: new Date() });
    const someoneElse = await newKey(orm.em, await newUser(orm.em));
    const keys = await breakdown.keysOfUser(userId, [disabled.id, older.id, someoneElse.id, randomUUID()]);
    expect(keys.map((key) => key.id)).toEqual([older.id, disabled.id]);
    expect(keys[0]).toEqual({
      id: older.id,
      name: 'repository test',
      key_prefix: 'fx_',
      key_last4: older.hash.slice(-4),
    });
    expect(await breakdown.keysOfUser(userId, [])).toEqual([]);
  });

  it('deletes the days before a day, and only those', async () => {
    const userId = await newUser(orm.em);
    const key = await newKey(orm.em, userId);
    await breakdown.add([
      cell(userId, key.id, '1990-01-01'),
      cell(userId, key.id, '1990-01-02', 'rates/rate'),
      cell(userId, key.id, '1990-01-03'),
    ]);
    expect(await breakdown.deleteDaysBefore('1990-01-03')).toBeGreaterThanOrEqual(2);
    expect(await linesOf(userId)).toEqual([`1990-01-03 ${key.id.slice(0, 8)} rates/latest 2xx 1`]);
    expect(await breakdown.deleteDaysBefore('1990-01-03')).toBe(0);
  });
});
