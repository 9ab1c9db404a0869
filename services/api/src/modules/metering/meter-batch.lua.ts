import type { UsageRedisKeys } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { MeterOutcome } from './meter-outcome';

/** How long a second's burst counter and lease counter are kept: past the second's settlement. */
export const WINDOW_TTL_MS = 10_000;

/**
 * Meters a batch of calls in one round trip. Calls are grouped by key and second; each group is
 * decided atomically and exactly as if its calls had been metered one by one, in order:
 * a call over the burst is refused (and still counts towards the second's burst), a call within the
 * burst but over the monthly quota is refused (and gives its burst slot back), any other is counted.
 *
 * Leases: a group whose calls were all counted may ask for `want` more units of the same second for
 * its instance to meter locally. They are reserved at once (counted in the second's burst and the
 * month) and recorded in the second's lease counter until the instance settles them, giving back
 * what it did not use. A lease is granted only while the month's quota is more than three seconds
 * of full burst away, and takes at most half of what is left of the second's burst. A refusal while
 * any lease of the user's last three seconds is unsettled would not be exact (the unused units may
 * come back), so when `mayDefer` is set such calls are deferred instead: they give their burst slot
 * back and are asked again once the leases are settled.
 *
 * The layout of KEYS, ARGV and the result is known to this file only: MeterBatch encodes groups,
 * `meterBatchRunner` decodes the result into one MeterGroupResult per group.
 *
 * A key with a monthly cap of its own (`cap` > 0) is also counted in its key's month counter: a
 * call within the burst and the quota but over the cap is refused like one over the quota, and the
 * group says the cap was what refused it. Such a group is never deferred (leases do not move a key's
 * count) and never leased to (a lease is the user's, not the key's).
 *
 * A group may be all or nothing (`allOrNothing`: the units of one batch conversion, one call per 100
 * rows): unless every one of its calls is counted, none is, each gives its burst slot back, and the
 * group is refused as a whole: over the quota (or cap) when the burst could take it all, else over
 * the burst; or deferred whole, as above. It asks for no lease.
 *
 * KEYS: 1 pending per-key daily counts (hash, drained by the worker), 2 last-used times (hash), then
 *       per group g, from 2 + 6(g - 1): its owner's month counter, the second's burst counter, the
 *       second's lease counter and those of the two seconds before it, the key's month counter
 * ARGV: per group 10 values: calls, monthly quota, burst per second,
 *       daily field "keyId|day", key id, now (ms), lease wanted (0 for none), may defer (1 or 0),
 *       the key's monthly cap (0 for none), all or nothing (1 or 0)
 * Returns per group { counted, refused over the quota or cap, used this month after the counted
 *                     calls, used this month before them, deferred, lease granted, unseeded, refused
 *                     by the cap (1 or 0) }; the remaining calls were over the burst. A group whose
 *                     month counter (or, with a cap, its key's) does not exist is not metered at all
 *                     (unseeded 1, every other value 0): the instance seeds the counters from
 *                     PostgreSQL (MonthSeeds) and asks again, so a counter Redis lost never starts
 *                     the month again from 0.
 */
export const METER_BATCH_SCRIPT = `
local out = {}
for g = 1, (#KEYS - 2) / 6 do
  local k = 2 + (g - 1) * 6
  local month, burstKey, lease, keyMonth = KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], KEYS[k + 6]
  local a = 1 + (g - 1) * 10
  local calls, quota, burstLimit = tonumber(ARGV[a]), tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local want, mayDefer, cap = tonumber(ARGV[a + 6]), ARGV[a + 7] == '1', tonumber(ARGV[a + 8])
  local o = 8 * (g - 1)
  local stored = redis.call('GET', month)
  local keyStored = false
  if cap > 0 then keyStored = redis.call('GET', keyMonth) end
  if not stored or (cap > 0 and not keyStored) then
    for i = 1, 6 do out[o + i] = 0 end
    out[o + 7] = 1
    out[o + 8] = 0
  else
  local burst = redis.call('INCRBY', burstKey, calls)
  if burst == calls then redis.call('PEXPIRE', burstKey, ${WINDOW_TTL_MS}) end
  local withinBurst = math.max(0, math.min(calls, burstLimit - (burst - calls)))
  local before = tonumber(stored)
  local counted = math.max(0, math.min(withinBurst, quota - before))
  local capBound = 0
  if cap > 0 then
    local capRoom = math.max(0, cap - tonumber(keyStored))
    if capRoom < counted then
      counted = capRoom
      capBound = 1
    end
    mayDefer = false
    want = 0
  end
  local overQuota = withinBurst - counted
  local giveBack = overQuota
  if counted < calls and ARGV[a + 9] == '1' then
    if withinBurst < calls then overQuota = 0 else overQuota = calls end
    counted = 0
    giveBack = calls
  end
  local deferred = 0
  if mayDefer and counted < calls then
    local unsettled = tonumber(redis.call('GET', lease) or '0')
      + tonumber(redis.call('GET', KEYS[k + 4]) or '0')
      + tonumber(redis.call('GET', KEYS[k + 5]) or '0')
    if unsettled > 0 then
      deferred = calls - counted
      giveBack = deferred
      overQuota = 0
    end
  end
  if giveBack > 0 then burst = redis.call('DECRBY', burstKey, giveBack) end
  local after = before
  if counted > 0 then
    after = redis.call('INCRBY', month, counted)
    if cap > 0 then redis.call('INCRBY', keyMonth, counted) end
    redis.call('HINCRBY', KEYS[1], ARGV[a + 3], counted)
    redis.call('HSET', KEYS[2], ARGV[a + 4], ARGV[a + 5])
  end
  local granted = 0
  if want > 0 and counted == calls then
    granted = math.min(want, math.floor((burstLimit - burst) / 2))
    if granted > 0 and quota - after >= 3 * burstLimit + granted then
      redis.call('INCRBY', burstKey, granted)
      redis.call('INCRBY', month, granted)
      redis.call('INCRBY', lease, granted)
      redis.call('PEXPIRE', lease, ${WINDOW_TTL_MS})
    else
      granted = 0
    end
  end
  out[o + 1] = counted
  out[o + 2] = overQuota
  out[o + 3] = after
  out[o + 4] = before
  out[o + 5] = deferred
  out[o + 6] = granted
  out[o + 7] = 0
  out[o + 8] = capBound
  end
end
return out
`;

/** One group: the calls of one key in one second, decided together in the order they came. */
export interface MeterGroup {
  userId: string;
  keyId: string;
  /** The calls' metering month ("2026-11") and day ("2026-11-22"). */
  month: string;
  day: string;
  /** The last call's time (ms): its second names the burst and lease counters. */
  now: number;
  calls: number;
  monthlyQuota: number;
  burstPerSecond: number;
  /** Units of the second asked for as a lease for this instance (0 for none). */
  leaseWanted: number;
  /** Whether a call Redis would refuse while a lease of the user's last three seconds is unsettled is deferred instead. */
  mayDefer: boolean;
  /** The key's own monthly cap, or 0 for none. */
  keyMonthlyCap: number;
  /** Count every call of the group or none (the units of one batch); never leased to. */
  allOrNothing?: boolean;
}

/** What Redis decided for a group: its first `counted` calls were counted, then `overQuota` refused… */
export interface MeterGroupResult {
  /** False when the month counter was missing: nothing was metered (seed it and ask again). */
  seeded: boolean;
  counted: number;
  overQuota: number;
  deferred: number;
  /** The remaining calls: over the second's burst. */
  overBurst: number;
  /** This month's count before the counted calls, and after them (units leased now excluded). */
  usedBefore: number;
  usedAfter: number;
  /** Units of the second leased to this instance. */
  leaseGranted: number;
  /** The calls refused as `overQuota` were refused by the key's own cap, not the account's quota. */
  capBound: boolean;
}

const GROUP_KEYS = 6;
const GROUP_ARGS = 10;
const GROUP_RESULTS = 8;

/** The KEYS and ARGV of one run of METER_BATCH_SCRIPT, built group by group. */
export class MeterBatch {
  readonly keys: string[];
  readonly args: (string | number)[] = [];

  constructor(private readonly layout: UsageRedisKeys) {
    this.keys = [layout.pending, layout.lastUsed];
  }

  add(group: MeterGroup): void {
    const second = Math.floor(group.now / 1000);
    const month = this.layout.month(group.userId, group.month);
    this.keys.push(
      month,
      this.layout.burst(group.userId, second),
      this.layout.lease(group.userId, second),
      this.layout.lease(group.userId, second - 1),
      this.layout.lease(group.userId, second - 2),
      // Read only with a cap: a key without one names its owner's counter, a string already made.
      group.keyMonthlyCap > 0 ? this.layout.keyMonth(group.keyId, group.month) : month,
    );
    this.args.push(
      group.calls,
      group.monthlyQuota,
      group.burstPerSecond,
      `${group.keyId}|${group.day}`,
      group.keyId,
      group.now,
      group.leaseWanted,
      group.mayDefer ? 1 : 0,
      group.keyMonthlyCap,
      group.allOrNothing ? 1 : 0,
    );
  }

  get size(): number {
    return (this.keys.length - 2) / GROUP_KEYS;
  }
}

/** The result of group `g` of a run whose groups asked about `calls` calls each. */
export function decodeMeterGroup(results: number[], g: number, calls: number): MeterGroupResult {
  const o = GROUP_RESULTS * g;
  const counted = results[o];
  const overQuota = results[o + 1];
  const deferred = results[o + 4];
  const seeded = results[o + 6] === 0;
  return {
    seeded,
    counted,
    overQuota,
    deferred,
    overBurst: seeded ? calls - counted - overQuota - deferred : 0,
    usedAfter: results[o + 2],
    usedBefore: results[o + 3],
    leaseGranted: results[o + 5],
    capBound: results[o + 7] === 1,
  };
}

/** The outcome of the `i`th call (from 0, in the order they came) of a group Redis decided. */
export function outcomeOf(result: MeterGroupResult, i: number): MeterOutcome {
  if (i < result.counted) return MeterOutcome.Counted;
  if (i < result.counted + result.overQuota)
    return result.capBound ? MeterOutcome.OverCap : MeterOutcome.OverQuota;
  if (i < result.counted + result.overQuota + result.deferred) return MeterOutcome.Deferred;
  return MeterOutcome.OverBurst;
}

type MeterBatchRedis = Redis & {
  fxratesMeterBatch(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Promise<number[]>;
};

/**
 * Defines the script on `redis` and returns a function that runs a batch: one result per group, in
 * the order they were added.
 */
export function meterBatchRunner(redis: Redis): (batch: MeterBatch) => Promise<MeterGroupResult[]> {
  redis.defineCommand('fxratesMeterBatch', { lua: METER_BATCH_SCRIPT });
  const scripted = redis as MeterBatchRedis;
  return async (batch) => {
    const results = await scripted.fxratesMeterBatch(batch.keys.length, ...batch.keys, ...batch.args);
    const decoded: MeterGroupResult[] = [];
    for (let g = 0; g < batch.size; g++) {
      decoded.push(decodeMeterGroup(results, g, batch.args[GROUP_ARGS * g] as number));
    }
    return decoded;
  };
}
