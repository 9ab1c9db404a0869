/**
 * One round trip meters one call, atomically across instances.
 * KEYS: 1 month counter (per user), 2 burst counter (per user and second),
 *       3 pending per-key daily counts (hash, drained by the worker), 4 last-used times (hash)
 * ARGV: 1 monthly quota, 2 burst per second, 3 month counter TTL (s), 4 daily field "keyId|day",
 *       5 key id, 6 now (ms)
 * Returns { outcome, used this month }: outcome 0 counted, 1 over the burst, 2 over the quota.
 */
export const METER_SCRIPT = `
local burst = redis.call('INCR', KEYS[2])
if burst == 1 then redis.call('PEXPIRE', KEYS[2], 2000) end
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if burst > tonumber(ARGV[2]) then return {1, used} end
if used >= tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[2])
  return {2, used}
end
used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
redis.call('HINCRBY', KEYS[3], ARGV[4], 1)
redis.call('HSET', KEYS[4], ARGV[5], ARGV[6])
return {0, used}
`;
