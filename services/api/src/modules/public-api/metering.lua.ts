/**
 * Meters a batch of calls in one round trip. Calls are grouped by key and second; each group is
 * decided atomically and exactly as if its calls had been metered one by one, in order:
 * a call over the burst is refused (and still counts towards the second's burst), a call within the
 * burst but over the monthly quota is refused (and gives its burst slot back), any other is counted.
 * KEYS: 1 pending per-key daily counts (hash, drained by the worker), 2 last-used times (hash), then
 *       per group g: 2 + 2g - 1 its owner's month counter, 2 + 2g its owner's burst counter (per second)
 * ARGV: 1 month counter TTL (s), then per group 6 values: calls, monthly quota, burst per second,
 *       daily field "keyId|day", key id, now (ms)
 * Returns per group { counted, refused over the quota, used this month after the counted calls,
 *                     used this month before them }; the remaining calls were over the burst.
 */
export const METER_BATCH_SCRIPT = `
local ttl = ARGV[1]
local out = {}
for g = 1, (#KEYS - 2) / 2 do
  local month, burstKey = KEYS[1 + 2 * g], KEYS[2 + 2 * g]
  local a = 2 + (g - 1) * 6
  local calls, quota, burstLimit = tonumber(ARGV[a]), tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local burst = redis.call('INCRBY', burstKey, calls)
  if burst == calls then redis.call('PEXPIRE', burstKey, 2000) end
  local withinBurst = math.max(0, math.min(calls, burstLimit - (burst - calls)))
  local before = tonumber(redis.call('GET', month) or '0')
  local counted = math.max(0, math.min(withinBurst, quota - before))
  local overQuota = withinBurst - counted
  if overQuota > 0 then redis.call('DECRBY', burstKey, overQuota) end
  local after = before
  if counted > 0 then
    after = redis.call('INCRBY', month, counted)
    if after == counted then redis.call('EXPIRE', month, ttl) end
    redis.call('HINCRBY', KEYS[1], ARGV[a + 3], counted)
    redis.call('HSET', KEYS[2], ARGV[a + 4], ARGV[a + 5])
  end
  out[4 * g - 3] = counted
  out[4 * g - 2] = overQuota
  out[4 * g - 1] = after
  out[4 * g] = before
end
return out
`;
