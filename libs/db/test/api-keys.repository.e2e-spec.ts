import type { MikroORM } from '@mikro-orm/postgresql';
import { ApiKey, ApiKeysRepository, User } from '../src';
import { newKey, newUser } from './support/accounts';
import { lockOrder, WAITED } from './support/lock-order';
import { connectOrm, unique } from './support/test-database';

/** api_keys' queries against real PostgreSQL, on users of this file's own. */
describe('ApiKeysRepository', () => {
  let orm: MikroORM;
  let keys: ApiKeysRepository;

  beforeAll(async () => {
    orm = await connectOrm();
    keys = new ApiKeysRepository(orm.em.fork());
  });
  afterAll(() => orm.close());

  const statusOf = async (id: string) => (await orm.em.fork().findOne(ApiKey, { id }))?.status;

  it('creates a key row, active unless told', async () => {
    const userId = await newUser(orm.em);
    const key = await newKey(orm.em, userId);
    const stored = await orm.em.fork().findOneOrFail(ApiKey, { id: key.id });
    expect(stored).toMatchObject({ status: 'active', disabledAt: null, totalRequests: 0, keyHash: key.hash });
    const disabled = await newKey(orm.em, userId, { status: 'disabled' });
    expect(await orm.em.fork().findOneOrFail(ApiKey, { id: disabled.id })).toMatchObject({
      status: 'disabled',
      disabledAt: expect.any(Date),
    });
  });

  it('creates many keys in one flush, answered in the order given', async () => {
    const userId = await newUser(orm.em);
    const made = await keys.createMany(
      ['first', 'second', 'third'].map((name, index) => ({
        userId,
        name,
        keyHash: `many-${index}-${unique(16)}`,
        keyPrefix: 'fxrates_',
        keyLast4: `000${index}`,
        status: index === 2 ? ('disabled' as const) : undefined,
      })),
    );
    expect(made.map((key) => key.name)).toEqual(['first', 'second', 'third']);
    const stored = await orm.em.fork().find(ApiKey, { user: userId }, { orderBy: { keyLast4: 'asc' } });
    expect(stored.map(({ id, name, status }) => ({ id, name, status }))).toEqual([
      { id: made[0].id, name: 'first', status: 'active' },
      { id: made[1].id, name: 'second', status: 'active' },
      { id: made[2].id, name: 'third', status: 'disabled' },
    ]);
  });

  describe('by hash', () => {
    it('resolves a key with its owner’s plan, one or many at once; unknown hashes are absent', async () => {
      const userId = await newUser(orm.em, 'professional');
      const [a, b] = [await newKey(orm.em, userId), await newKey(orm.em, userId, { status: 'disabled' })];
      expect(await keys.byHash(a.hash)).toEqual({
        key_hash: a.hash,
        key_id: a.id,
        user_id: userId,
        status: 'active',
        plan: 'professional',
        kind: 'secret',
        scopes: ['rates:read', 'history:read', 'stream', 'usage:read', 'webhooks'],
        allowed_networks: [],
        allowed_origins: [],
        monthly_cap: null,
        expires_at: null,
        retires_at: null,
      });
      expect(await keys.byHash(unique(32))).toBeUndefined();
      const many = await keys.byHashes([a.hash, b.hash, unique(32)]);
      expect(many.map((row) => `${row.key_id} ${row.status}`).sort()).toEqual(
        [`${a.id} active`, `${b.id} disabled`].sort(),
      );
      expect(await keys.byHashes([])).toEqual([]);
      expect(await keys.idByHash(b.hash)).toBe(b.id);
      expect(await keys.idByHash(unique(32))).toBeUndefined();
    });

    it("resolves a rolled key's previous secret with when it retires, and only while it has an end", async () => {
      const userId = await newUser(orm.em);
      const key = await newKey(orm.em, userId);
      const previous = unique(32);
      const retiresAt = new Date(Date.now() + 3_600_000);
      const em = orm.em.fork();
      const row = await em.findOneOrFail(ApiKey, { id: key.id });
      Object.assign(row, {
        previousKeyHash: previous,
        previousKeyLast4: 'abcd',
        previousRetiresAt: retiresAt,
        monthlyCap: 5,
      });
      await em.flush();
      expect(await keys.byHash(previous)).toMatchObject({
        key_hash: previous,
        key_id: key.id,
        retires_at: String(retiresAt.getTime()),
        monthly_cap: '5',
      });
      expect(await keys.byHash(key.hash)).toMatchObject({ key_hash: key.hash, retires_at: null });
      const both = await keys.byHashes([key.hash, previous]);
      expect(both.map((found) => found.key_hash).sort()).toEqual([key.hash, previous].sort());
      row.previousRetiresAt = null;
      await em.flush();
      expect(await keys.byHash(previous)).toBeUndefined();
    });

    it('reads a thousand keys’ status and plans in one query', async () => {
      const userId = await newUser(orm.em, 'basic');
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push((await newKey(orm.em, userId)).id);
      const asked = [...ids, ...Array.from({ length: 995 }, () => crypto.randomUUID())];
      const rows = await keys.statusOf(asked);
      expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      expect(rows.every((row) => row.status === 'active' && row.plan === 'basic')).toBe(true);
      expect(await keys.statusOf([])).toEqual([]);
    });
  });

  it('lists the keys usable in a month: active ones, and those disabled in it or the day before', async () => {
    const userId = await newUser(orm.em);
    const active = await newKey(orm.em, userId);
    const lastDay = await newKey(orm.em, userId, {
      status: 'disabled',
      disabledAt: new Date('2026-02-28T23:59:30Z'),
    });
    const inMonth = await newKey(orm.em, userId, {
      status: 'disabled',
      disabledAt: new Date('2026-03-10T12:00:00Z'),
    });
    await newKey(orm.em, userId, { status: 'disabled', disabledAt: new Date('2026-02-26T12:00:00Z') });
    expect((await keys.idsUsableSince(userId, '2026-03-01')).sort()).toEqual(
      [active.id, lastDay.id, inMonth.id].sort(),
    );
  });

  it('disables every key of a user, keeping an earlier disabling time, inside the caller’s transaction', async () => {
    const userId = await newUser(orm.em);
    const other = await newKey(orm.em, await newUser(orm.em));
    const active = await newKey(orm.em, userId);
    const earlier = new Date('2026-01-02T03:04:05Z');
    const old = await newKey(orm.em, userId, { status: 'disabled', disabledAt: earlier });
    await expect(
      orm.em.fork().transactional(async (tx) => {
        await new ApiKeysRepository(tx).disableAllOf(userId);
        throw new Error('deletion failed');
      }),
    ).rejects.toThrow('deletion failed');
    expect(await statusOf(active.id)).toBe('active');
    const hashes = await keys.disableAllOf(userId);
    expect(hashes.sort()).toEqual([active.hash, old.hash].sort());
    expect(await statusOf(active.id)).toBe('disabled');
    expect((await orm.em.fork().findOneOrFail(ApiKey, { id: old.id })).disabledAt).toEqual(earlier);
    expect(await statusOf(other.id)).toBe('active');
    expect(await keys.disableAllOf(await newUser(orm.em))).toEqual([]);
  });

  it('purges the disabled keys beyond the most recently disabled ones, never an active key', async () => {
    const userId = await newUser(orm.em);
    const active = await newKey(orm.em, userId);
    const disabled = [];
    for (let day = 1; day <= 5; day++) {
      disabled.push(
        await newKey(orm.em, userId, {
          status: 'disabled',
          disabledAt: new Date(`2026-03-0${day}T00:00:00Z`),
        }),
      );
    }
    expect(await keys.purgeDisabledBeyond(userId, 5)).toBe(0);
    expect(await keys.purgeDisabledBeyond(userId, 2)).toBe(3);
    const left = await orm.em.fork().find(ApiKey, { user: userId }, { orderBy: { disabledAt: 'desc' } });
    expect(left.map((key) => key.id).sort()).toEqual([active.id, disabled[4].id, disabled[3].id].sort());
  });

  describe('lockOwner', () => {
    it('answers whether the user exists', async () => {
      const userId = await newUser(orm.em);
      expect(await orm.em.fork().transactional((tx) => new ApiKeysRepository(tx).lockOwner(userId))).toBe(
        true,
      );
      expect(
        await orm.em.fork().transactional((tx) => new ApiKeysRepository(tx).lockOwner(crypto.randomUUID())),
      ).toBe(false);
    });

    it('holds a second transaction locking the same user until the first ends', async () => {
      const userId = await newUser(orm.em);
      expect(await lockOrder(orm, (tx) => new ApiKeysRepository(tx).lockOwner(userId))).toEqual(WAITED);
      await orm.em.fork().nativeDelete(User, { id: userId });
    });
  });
});
