import { usageRedisKeys } from '@fxrates/queues';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import {
  MeterBatch,
  meterBatchRunner,
  outcomeOf,
  type MeterGroup,
  type MeterGroupResult,
} from '../src/modules/metering/meter-batch.lua';
import { MeterOutcome } from '../src/modules/metering/meter-outcome';
import { SettlementOutcome, settleLeasesRunner } from '../src/modules/metering/settle-leases.lua';
import { testConfig } from './test-config';

/**
 * The metering scripts' decision tables, run on real Redis through their codecs: what a group of
 * calls gets for each state of its counters, and what a settlement gives back.
 */
describe('metering scripts (real Redis)', () => {
  const config = testConfig();
  const layout = usageRedisKeys(config.redis.keyPrefix);
  let redis: Redis;
  let meter: ReturnType<typeof meterBatchRunner>;
  let settle: ReturnType<typeof settleLeasesRunner>;
  /** A second well inside the month, so every case shares it and no window expires under a case. */
  const now = Date.UTC(2026, 10, 12, 9, 30, 15, 250);
  const second = Math.floor(now / 1000);
  const month = '2026-11';
  const day = '2026-11-12';

  beforeAll(() => {
    redis = new Redis(config.redis.url);
    meter = meterBatchRunner(redis);
    settle = settleLeasesRunner(redis, layout);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${config.redis.keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  interface Counters {
    /** The month's count, or null when Redis has no counter (never seeded, or lost). */
    used: number | null;
    burstUsed?: number;
    /** Unsettled leased units in this second and the two before it. */
    leased?: [number, number, number];
  }

  const group = (userId: string, overrides: Partial<MeterGroup>): MeterGroup => ({
    userId,
    keyId: `${userId}-key`,
    month,
    day,
    now,
    calls: 1,
    monthlyQuota: 1_000,
    burstPerSecond: 10,
    leaseWanted: 0,
    mayDefer: true,
    keyMonthlyCap: 0,
    ...overrides,
  });

  async function given(userId: string, { used, burstUsed = 0, leased = [0, 0, 0] }: Counters): Promise<void> {
    if (used !== null) await redis.set(layout.month(userId, month), used);
    if (burstUsed > 0) await redis.set(layout.burst(userId, second), burstUsed, 'PX', 10_000);
    for (const [ago, units] of leased.entries()) {
      if (units > 0) await redis.set(layout.lease(userId, second - ago), units, 'PX', 10_000);
    }
  }

  async function meterOne(counters: Counters, overrides: Partial<MeterGroup>) {
    const userId = `user-${randomUUID()}`;
    await given(userId, counters);
    const batch = new MeterBatch(layout);
    batch.add(group(userId, overrides));
    const [result] = await meter(batch);
    const count = async (key: string) => {
      const value = await redis.get(key);
      return value === null ? null : Number(value);
    };
    return {
      userId,
      result,
      month: await count(layout.month(userId, month)),
      burst: await count(layout.burst(userId, second)),
      lease: await count(layout.lease(userId, second)),
    };
  }

  const decided = (
    partial: Partial<MeterGroupResult> & Pick<MeterGroupResult, 'usedBefore' | 'usedAfter'>,
  ): MeterGroupResult => ({
    seeded: true,
    counted: 0,
    overQuota: 0,
    deferred: 0,
    overBurst: 0,
    leaseGranted: 0,
    capBound: false,
    ...partial,
  });

  it.each<{
    when: string;
    counters: Counters;
    group: Partial<MeterGroup>;
    result: MeterGroupResult;
    /** The counters afterwards: month, the second's burst, the second's lease. */
    after: { month: number | null; burst: number | null; lease: number | null };
  }>([
    {
      when: 'no month counter: nothing is metered, the caller seeds it and asks again',
      counters: { used: null },
      group: { calls: 3 },
      result: { ...decided({ usedBefore: 0, usedAfter: 0 }), seeded: false },
      after: { month: null, burst: null, lease: null },
    },
    {
      when: 'within the burst and the quota: every call is counted',
      counters: { used: 100 },
      group: { calls: 4 },
      result: decided({ counted: 4, usedBefore: 100, usedAfter: 104 }),
      after: { month: 104, burst: 4, lease: null },
    },
    {
      when: 'over the burst: the calls beyond it are refused and still count towards the burst',
      counters: { used: 100, burstUsed: 8 },
      group: { calls: 5 },
      result: decided({ counted: 2, overBurst: 3, usedBefore: 100, usedAfter: 102 }),
      after: { month: 102, burst: 13, lease: null },
    },
    {
      when: 'over the quota: the calls beyond it are refused and give their burst slot back',
      counters: { used: 998 },
      group: { calls: 5 },
      result: decided({ counted: 2, overQuota: 3, usedBefore: 998, usedAfter: 1_000 }),
      after: { month: 1_000, burst: 2, lease: null },
    },
    {
      when: 'over both: within the burst the quota decides, beyond it the burst does',
      counters: { used: 999, burstUsed: 7 },
      group: { calls: 5 },
      result: decided({ counted: 1, overQuota: 2, overBurst: 2, usedBefore: 999, usedAfter: 1_000 }),
      after: { month: 1_000, burst: 10, lease: null },
    },
    {
      when: 'a refusal while a lease of the second before is unsettled: deferred, burst given back',
      counters: { used: 1_000, leased: [0, 6, 0] },
      group: { calls: 3 },
      result: decided({ deferred: 3, usedBefore: 1_000, usedAfter: 1_000 }),
      after: { month: 1_000, burst: 0, lease: null },
    },
    {
      when: 'part refused while a lease of this second is unsettled: the counted stay, the rest defer',
      counters: { used: 998, leased: [4, 0, 0] },
      group: { calls: 3 },
      result: decided({ counted: 2, deferred: 1, usedBefore: 998, usedAfter: 1_000 }),
      after: { month: 1_000, burst: 2, lease: 4 },
    },
    {
      when: 'a refusal with a lease unsettled but deferral not allowed (deferred too often): refused',
      counters: { used: 1_000, leased: [0, 0, 5] },
      group: { calls: 2, mayDefer: false },
      result: decided({ overQuota: 2, usedBefore: 1_000, usedAfter: 1_000 }),
      after: { month: 1_000, burst: 0, lease: null },
    },
    {
      when: 'a lease asked for far from the quota: granted, at most half of the burst left',
      counters: { used: 100 },
      group: { calls: 2, burstPerSecond: 20, leaseWanted: 40 },
      result: decided({ counted: 2, leaseGranted: 9, usedBefore: 100, usedAfter: 102 }),
      after: { month: 111, burst: 11, lease: 9 },
    },
    {
      when: 'a lease asked for smaller than half the burst left: granted whole',
      counters: { used: 100 },
      group: { calls: 1, burstPerSecond: 20, leaseWanted: 5 },
      result: decided({ counted: 1, leaseGranted: 5, usedBefore: 100, usedAfter: 101 }),
      after: { month: 106, burst: 6, lease: 5 },
    },
    {
      when: 'a lease asked for within three seconds of full burst of the quota: not granted',
      counters: { used: 931 },
      group: { calls: 1, burstPerSecond: 20, leaseWanted: 9 },
      result: decided({ counted: 1, usedBefore: 931, usedAfter: 932 }),
      after: { month: 932, burst: 1, lease: null },
    },
    {
      when: 'all or nothing, within the burst and the quota: every call is counted',
      counters: { used: 100, burstUsed: 2 },
      group: { calls: 8, allOrNothing: true },
      result: decided({ counted: 8, usedBefore: 100, usedAfter: 108 }),
      after: { month: 108, burst: 10, lease: null },
    },
    {
      when: 'all or nothing, over the quota: none counted, every burst slot given back',
      counters: { used: 995 },
      group: { calls: 10, allOrNothing: true },
      result: decided({ overQuota: 10, usedBefore: 995, usedAfter: 995 }),
      after: { month: 995, burst: 0, lease: null },
    },
    {
      when: 'all or nothing, over the burst: none counted, every burst slot given back',
      counters: { used: 100, burstUsed: 6 },
      group: { calls: 5, allOrNothing: true },
      result: decided({ overBurst: 5, usedBefore: 100, usedAfter: 100 }),
      after: { month: 100, burst: 6, lease: null },
    },
    {
      when: 'all or nothing, refused while a lease is unsettled: deferred whole',
      counters: { used: 998, leased: [4, 0, 0] },
      group: { calls: 3, allOrNothing: true },
      result: decided({ deferred: 3, usedBefore: 998, usedAfter: 998 }),
      after: { month: 998, burst: 0, lease: 4 },
    },
    {
      when: 'a lease asked for by a group not wholly counted: not granted',
      counters: { used: 100, burstUsed: 19 },
      group: { calls: 2, burstPerSecond: 20, leaseWanted: 9 },
      result: decided({ counted: 1, overBurst: 1, usedBefore: 100, usedAfter: 101 }),
      after: { month: 101, burst: 21, lease: null },
    },
  ])('$when', async ({ counters, group: overrides, result, after }) => {
    const metered = await meterOne(counters, overrides);
    expect(metered.result).toEqual(result);
    expect({ month: metered.month, burst: metered.burst, lease: metered.lease }).toEqual(after);
  });

  it('records counted calls per key and day, and the last call time, for the usage flush', async () => {
    const { userId } = await meterOne({ used: 0 }, { calls: 3 });
    expect(await redis.hget(layout.pending, `${userId}-key|${day}`)).toBe('3');
    expect(await redis.hget(layout.lastUsed, `${userId}-key`)).toBe(String(now));
  });

  describe("a key's own monthly cap", () => {
    async function capped(keyUsed: number | null, userUsed: number, overrides: Partial<MeterGroup>) {
      const userId = `user-${randomUUID()}`;
      await given(userId, { used: userUsed });
      const keyMonth = layout.keyMonth(`${userId}-key`, month);
      if (keyUsed !== null) await redis.set(keyMonth, keyUsed);
      const batch = new MeterBatch(layout);
      batch.add(group(userId, { keyId: `${userId}-key`, ...overrides }));
      const [result] = await meter(batch);
      const read = async (key: string) =>
        (await redis.get(key)) === null ? null : Number(await redis.get(key));
      return { result, keyUsed: await read(keyMonth), userUsed: await read(layout.month(userId, month)) };
    }

    it('counts up to the cap, then refuses as the cap (not the quota), giving burst slots back', async () => {
      const { result, keyUsed, userUsed } = await capped(8, 100, { calls: 4, keyMonthlyCap: 10 });
      expect(result).toEqual(
        decided({ counted: 2, overQuota: 2, capBound: true, usedBefore: 100, usedAfter: 102 }),
      );
      expect([0, 1, 2, 3].map((i) => outcomeOf(result, i))).toEqual([
        MeterOutcome.Counted,
        MeterOutcome.Counted,
        MeterOutcome.OverCap,
        MeterOutcome.OverCap,
      ]);
      expect({ keyUsed, userUsed }).toEqual({ keyUsed: 10, userUsed: 102 });
    });

    it('refuses as the quota when the quota is nearer than the cap, and never defers or leases', async () => {
      const { result } = await capped(0, 999, {
        calls: 3,
        keyMonthlyCap: 500,
        leaseWanted: 50,
        mayDefer: true,
      });
      expect(result).toEqual(decided({ counted: 1, overQuota: 2, usedBefore: 999, usedAfter: 1_000 }));
    });

    it("is not metered while the key's counter is missing: the caller seeds it", async () => {
      const { result, keyUsed, userUsed } = await capped(null, 100, { calls: 2, keyMonthlyCap: 10 });
      expect(result).toEqual({ ...decided({ usedBefore: 0, usedAfter: 0 }), seeded: false });
      expect({ keyUsed, userUsed }).toEqual({ keyUsed: null, userUsed: 100 });
    });

    it('keeps no key counter for a key without a cap', async () => {
      const { keyUsed } = await capped(null, 100, { calls: 2, keyMonthlyCap: 0 });
      expect(keyUsed).toBeNull();
    });
  });

  it('decides several groups in one run, each on its own counters', async () => {
    const [a, b] = [`user-${randomUUID()}`, `user-${randomUUID()}`];
    await given(a, { used: 0 });
    await given(b, { used: 1_000 });
    const batch = new MeterBatch(layout);
    batch.add(group(a, { calls: 2 }));
    batch.add(group(b, { calls: 2 }));
    const [first, second] = await meter(batch);
    expect(first).toEqual(decided({ counted: 2, usedBefore: 0, usedAfter: 2 }));
    expect(second).toEqual(decided({ overQuota: 2, usedBefore: 1_000, usedAfter: 1_000 }));
  });

  it('gives each call of a group its outcome in the order the calls came', () => {
    const result = decided({
      counted: 2,
      overQuota: 1,
      deferred: 1,
      overBurst: 2,
      usedBefore: 0,
      usedAfter: 2,
    });
    expect([0, 1, 2, 3, 4, 5].map((i) => outcomeOf(result, i))).toEqual([
      MeterOutcome.Counted,
      MeterOutcome.Counted,
      MeterOutcome.OverQuota,
      MeterOutcome.Deferred,
      MeterOutcome.OverBurst,
      MeterOutcome.OverBurst,
    ]);
  });

  describe('settling a lease', () => {
    async function leased(granted: number) {
      const userId = `user-${randomUUID()}`;
      await given(userId, { used: 100 + granted, burstUsed: granted, leased: [granted, 0, 0] });
      return userId;
    }
    const lease = (userId: string, served: number, lastUsed = now) => ({
      userId,
      second,
      month,
      day,
      granted: 10,
      served,
      byKey: new Map(served > 0 ? [[`${userId}-key`, { calls: served, lastUsed }]] : []),
    });
    const counters = async (userId: string) => ({
      month: Number(await redis.get(layout.month(userId, month))),
      burst: Number(await redis.get(layout.burst(userId, second))),
      lease: Number(await redis.get(layout.lease(userId, second))),
      pending: Number((await redis.hget(layout.pending, `${userId}-key|${day}`)) ?? 0),
    });

    it('gives the unused units back, ends the lease and records the calls served: applied once', async () => {
      const userId = await leased(10);
      const runId = randomUUID();
      expect(await settle(runId, [lease(userId, 7)])).toBe(SettlementOutcome.Applied);
      expect(await counters(userId)).toEqual({ month: 107, burst: 7, lease: 0, pending: 7 });
      expect(await redis.hget(layout.lastUsed, `${userId}-key`)).toBe(String(now));
      // A retry of a run that had succeeded changes nothing.
      expect(await settle(runId, [lease(userId, 7)])).toBe(SettlementOutcome.AlreadyApplied);
      expect(await counters(userId)).toEqual({ month: 107, burst: 7, lease: 0, pending: 7 });
    });

    it('gives everything back for a lease nothing used', async () => {
      const userId = await leased(10);
      expect(await settle(randomUUID(), [lease(userId, 0)])).toBe(SettlementOutcome.Applied);
      expect(await counters(userId)).toEqual({ month: 100, burst: 0, lease: 0, pending: 0 });
    });

    it("never moves a key's last-used time back", async () => {
      const userId = await leased(10);
      await redis.hset(layout.lastUsed, `${userId}-key`, now + 500);
      await settle(randomUUID(), [lease(userId, 3, now)]);
      expect(await redis.hget(layout.lastUsed, `${userId}-key`)).toBe(String(now + 500));
    });

    it('leaves counters Redis no longer has alone (expired, or lost)', async () => {
      const userId = `user-${randomUUID()}`;
      expect(await settle(randomUUID(), [lease(userId, 4)])).toBe(SettlementOutcome.Applied);
      expect(
        await redis.exists(
          layout.month(userId, month),
          layout.burst(userId, second),
          layout.lease(userId, second),
        ),
      ).toBe(0);
      expect(await redis.hget(layout.pending, `${userId}-key|${day}`)).toBe('4');
    });
  });
});
