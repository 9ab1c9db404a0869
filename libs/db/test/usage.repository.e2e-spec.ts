import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { ApiKey, UsageRepository } from '../src';
import { newKey, newUser } from './support/accounts';
import { connectOrm } from './support/test-database';

/** usage_daily and the flush's bookkeeping against real PostgreSQL, on users of this file's own. */
describe('UsageRepository', () => {
  let orm: MikroORM;
  let usage: UsageRepository;

  beforeAll(async () => {
    orm = await connectOrm();
    usage = new UsageRepository(orm.em.fork());
  });
  afterAll(() => orm.close());

  const totalsOf = async (keyId: string) => {
    const key = await orm.em.fork().findOneOrFail(ApiKey, { id: keyId });
    return { total: key.totalRequests, lastUsed: key.lastUsedAt?.toISOString() ?? null };
  };

  describe('add and daysOfUserSince', () => {
    it('adds calls to a key’s day, creating it on the first, naming the owner; keys that are gone are dropped', async () => {
      const userId = await newUser(orm.em);
      const key = await newKey(orm.em, userId);
      await usage.add([]);
      await usage.add([
        { keyId: key.id, day: '2026-03-01', requests: 5 },
        { keyId: key.id, day: '2026-03-02', requests: 1 },
        { keyId: randomUUID(), day: '2026-03-01', requests: 7 },
      ]);
      await usage.add([{ keyId: key.id, day: '2026-03-01', requests: 3 }]);
      const days = await usage.daysOfUserSince(userId, '2026-03-01');
      expect(days.map((d) => `${d.day} ${d.requests}`).sort()).toEqual(['2026-03-01 8', '2026-03-02 1']);
      expect(days.every((d) => d.key_id === key.id)).toBe(true);
      expect(await usage.daysOfUserSince(userId, '2026-03-02')).toHaveLength(1);
      expect(await usage.daysOfUserSince(userId, '2026-04-01')).toEqual([]);
      expect(await usage.daysOfUserSince(randomUUID(), '2000-01-01')).toEqual([]);
    });

    it('counts every call of concurrent adds to the same day exactly once', async () => {
      const userId = await newUser(orm.em);
      const key = await newKey(orm.em, userId);
      await Promise.all(
        Array.from({ length: 25 }, () =>
          new UsageRepository(orm.em.fork()).add([{ keyId: key.id, day: '2026-03-05', requests: 2 }]),
        ),
      );
      const [day] = await usage.daysOfUserSince(userId, '2026-03-01');
      expect(day.requests).toBe('50');
    });

    it('keeps the calls of a key deleted since, in its owner’s month', async () => {
      const userId = await newUser(orm.em);
      const key = await newKey(orm.em, userId);
      await usage.add([{ keyId: key.id, day: '2026-03-10', requests: 4 }]);
      await orm.em.fork().nativeDelete(ApiKey, { id: key.id });
      expect((await usage.daysOfUserSince(userId, '2026-03-01')).map((d) => d.requests)).toEqual(['4']);
      expect(await usage.monthTotalSettled(userId, '2026-03')).toBe(4);
    });
  });

  describe('daysOfKey', () => {
    it('lists one key’s days oldest first, none of its owner’s other keys', async () => {
      const userId = await newUser(orm.em);
      const [a, b] = [await newKey(orm.em, userId), await newKey(orm.em, userId)];
      await usage.add([
        { keyId: a.id, day: '2026-03-02', requests: 2 },
        { keyId: a.id, day: '2026-02-27', requests: 1 },
        { keyId: b.id, day: '2026-03-01', requests: 9 },
      ]);
      expect(await usage.daysOfKey(a.id)).toEqual([
        { key_id: a.id, day: '2026-02-27', requests: '1' },
        { key_id: a.id, day: '2026-03-02', requests: '2' },
      ]);
      expect(await usage.daysOfKey(randomUUID())).toEqual([]);
    });
  });

  describe('monthTotalSettled', () => {
    it('sums the user’s calls of that month only, 0 without any', async () => {
      const userId = await newUser(orm.em);
      const [a, b] = [await newKey(orm.em, userId), await newKey(orm.em, userId)];
      await usage.add([
        { keyId: a.id, day: '2026-02-28', requests: 100 },
        { keyId: a.id, day: '2026-03-01', requests: 10 },
        { keyId: b.id, day: '2026-03-31', requests: 20 },
        { keyId: b.id, day: '2026-04-01', requests: 1000 },
      ]);
      expect(await usage.monthTotalSettled(userId, '2026-03')).toBe(30);
      expect(await usage.monthTotalSettled(userId, '2026-05')).toBe(0);
      expect(await usage.monthTotalSettled(randomUUID(), '2026-03')).toBe(0);
    });

    it('waits for a flush under way and then holds all of its batch', async () => {
      const userId = await newUser(orm.em);
      const key = await newKey(orm.em, userId);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let added!: () => void;
      const wasAdded = new Promise<void>((resolve) => (added = resolve));
      const flush = orm.em.fork().transactional(async (tx) => {
        await new UsageRepository(tx).add([{ keyId: key.id, day: '2026-03-03', requests: 6 }]);
        added();
        await released;
        await new UsageRepository(tx).add([{ keyId: key.id, day: '2026-03-04', requests: 4 }]);
      });
      await wasAdded;
      let settled: number | undefined;
      const read = usage.monthTotalSettled(userId, '2026-03').then((used) => (settled = used));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(settled).toBeUndefined();
      release();
      await flush;
      await read;
      expect(settled).toBe(10);
    });
  });

  describe('claimFlushBatch', () => {
    it('claims a batch once; a batch rolled back can be claimed again', async () => {
      const batchId = randomUUID();
      await expect(
        orm.em.fork().transactional(async (tx) => {
          expect(await new UsageRepository(tx).claimFlushBatch(batchId)).toBe(true);
          throw new Error('crash before commit');
        }),
      ).rejects.toThrow('crash before commit');
      expect(await usage.claimFlushBatch(batchId)).toBe(true);
      expect(await usage.claimFlushBatch(batchId)).toBe(false);
    });

    it('lets only one of concurrent claims of a batch win', async () => {
      const batchId = randomUUID();
      const claims = await Promise.all(
        Array.from({ length: 8 }, () => new UsageRepository(orm.em.fork()).claimFlushBatch(batchId)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    });
  });

  describe('addToKeyTotals', () => {
    it('adds to each key’s total and moves its last use forward, never back', async () => {
      const userId = await newUser(orm.em);
      const [a, b] = [await newKey(orm.em, userId), await newKey(orm.em, userId)];
      await usage.addToKeyTotals([]);
      await usage.addToKeyTotals([
        { keyId: a.id, requests: 3, lastUsedMs: Date.parse('2026-03-01T10:00:00Z') },
        { keyId: b.id, requests: 2, lastUsedMs: 0 },
        { keyId: randomUUID(), requests: 9, lastUsedMs: 0 },
      ]);
      await usage.addToKeyTotals([
        { keyId: a.id, requests: 4, lastUsedMs: Date.parse('2026-03-01T09:00:00Z') },
      ]);
      expect(await totalsOf(a.id)).toEqual({ total: 7, lastUsed: '2026-03-01T10:00:00.000Z' });
      expect(await totalsOf(b.id)).toEqual({ total: 2, lastUsed: null });
    });
  });
});
