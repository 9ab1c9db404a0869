import type { UsageRedisKeys } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { WINDOW_TTL_MS } from './meter-batch.lua';

/**
 * Settles leases once their second is over, once only (the settlement's own id is remembered): the
 * unused units go back to the second's burst and the month, the lease counter drops by what was
 * granted, and the calls served are added to the per-key daily counts and last-used times.
 * KEYS: 1 pending (hash), 2 last-used (hash), 3 this settlement's marker, then per lease 3 keys:
 *       the second's burst counter, the month counter, the second's lease counter
 * ARGV: per lease: granted, unused, n, then n times: daily field "keyId|day", calls, key id, last used (ms)
 * Returns 1 when applied, 0 when this settlement had already been applied.
 * The layout is known to this file only: `settleLeasesRunner` encodes the leases and decodes the result.
 */
export const SETTLE_LEASES_SCRIPT = `
if not redis.call('SET', KEYS[3], '1', 'NX', 'PX', ${6 * WINDOW_TTL_MS}) then return 0 end
local a = 1
for l = 1, (#KEYS - 3) / 3 do
  local burstKey, month, lease = KEYS[1 + 3 * l], KEYS[2 + 3 * l], KEYS[3 + 3 * l]
  local granted, unused, n = tonumber(ARGV[a]), tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  a = a + 3
  if unused > 0 then
    if redis.call('EXISTS', burstKey) == 1 then redis.call('DECRBY', burstKey, unused) end
    if redis.call('EXISTS', month) == 1 then redis.call('DECRBY', month, unused) end
  end
  if redis.call('EXISTS', lease) == 1 then redis.call('DECRBY', lease, granted) end
  for i = 1, n do
    redis.call('HINCRBY', KEYS[1], ARGV[a], ARGV[a + 1])
    local last = tonumber(redis.call('HGET', KEYS[2], ARGV[a + 2]) or '0')
    if last < tonumber(ARGV[a + 3]) then redis.call('HSET', KEYS[2], ARGV[a + 2], ARGV[a + 3]) end
    a = a + 4
  end
end
return 1
`;

/** A lease as settlement needs it: what was granted, what was served, and by which keys. */
export interface SettledLease {
  userId: string;
  /** The second (ms / 1000) the lease was valid in. */
  second: number;
  month: string;
  day: string;
  granted: number;
  served: number;
  /** Calls served per key, and the last one's time. */
  byKey: ReadonlyMap<string, { calls: number; lastUsed: number }>;
}

export enum SettlementOutcome {
  Applied = 'applied',
  /** A retry of a run Redis had already applied: nothing was done again. */
  AlreadyApplied = 'already-applied',
}

type SettlingRedis = Redis & {
  fxratesSettleLeases(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Promise<number>;
};

/** The KEYS and ARGV of one run of SETTLE_LEASES_SCRIPT, marked applied under `runId`. */
export function encodeSettlement(
  layout: UsageRedisKeys,
  runId: string,
  leases: readonly SettledLease[],
): { keys: string[]; args: (string | number)[] } {
  const keys = [layout.pending, layout.lastUsed, layout.settlement(runId)];
  const args: (string | number)[] = [];
  for (const lease of leases) {
    keys.push(
      layout.burst(lease.userId, lease.second),
      layout.month(lease.userId, lease.month),
      layout.lease(lease.userId, lease.second),
    );
    args.push(lease.granted, lease.granted - lease.served, lease.byKey.size);
    for (const [keyId, { calls, lastUsed }] of lease.byKey) {
      args.push(`${keyId}|${lease.day}`, calls, keyId, lastUsed);
    }
  }
  return { keys, args };
}

/** Defines the script on `redis` and returns a function that runs one settlement. */
export function settleLeasesRunner(
  redis: Redis,
  layout: UsageRedisKeys,
): (runId: string, leases: readonly SettledLease[]) => Promise<SettlementOutcome> {
  redis.defineCommand('fxratesSettleLeases', { lua: SETTLE_LEASES_SCRIPT });
  const scripted = redis as SettlingRedis;
  return async (runId, leases) => {
    const { keys, args } = encodeSettlement(layout, runId, leases);
    const applied = await scripted.fxratesSettleLeases(keys.length, ...keys, ...args);
    return applied === 1 ? SettlementOutcome.Applied : SettlementOutcome.AlreadyApplied;
  };
}
