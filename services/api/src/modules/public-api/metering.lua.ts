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
 * KEYS: 1 pending per-key daily counts (hash, drained by the worker), 2 last-used times (hash), then
 *       per group g, from 2 + 5(g - 1): its owner's month counter, the second's burst counter, the
 *       second's lease counter and those of the two seconds before it
 * ARGV: per group 8 values: calls, monthly quota, burst per second,
 *       daily field "keyId|day", key id, now (ms), lease wanted (0 for none), may defer (1 or 0)
 * Returns per group { counted, refused over the quota, used this month after the counted calls,
 *                     used this month before them, deferred, lease granted, unseeded }; the remaining
 *                     calls were over the burst. A group whose month counter does not exist is not
 *                     metered at all (unseeded 1, every other value 0): the instance seeds the counter
 *                     from PostgreSQL (MonthSeeds) and asks again, so a counter Redis lost never
 *                     starts the month again from 0.
 */
export const METER_BATCH_SCRIPT = `
local out = {}
for g = 1, (#KEYS - 2) / 5 do
  local k = 2 + (g - 1) * 5
  local month, burstKey, lease = KEYS[k + 1], KEYS[k + 2], KEYS[k + 3]
  local a = 1 + (g - 1) * 8
  local calls, quota, burstLimit = tonumber(ARGV[a]), tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local want, mayDefer = tonumber(ARGV[a + 6]), ARGV[a + 7] == '1'
  local o = 7 * (g - 1)
  local stored = redis.call('GET', month)
  if not stored then
    for i = 1, 6 do out[o + i] = 0 end
    out[o + 7] = 1
  else
  local burst = redis.call('INCRBY', burstKey, calls)
  if burst == calls then redis.call('PEXPIRE', burstKey, ${WINDOW_TTL_MS}) end
  local withinBurst = math.max(0, math.min(calls, burstLimit - (burst - calls)))
  local before = tonumber(stored)
  local counted = math.max(0, math.min(withinBurst, quota - before))
  local overQuota = withinBurst - counted
  local giveBack = overQuota
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
  end
end
return out
`;

/**
 * Settles leases once their second is over, once only (the settlement's own id is remembered): the
 * unused units go back to the second's burst and the month, the lease counter drops by what was
 * granted, and the calls served are added to the per-key daily counts and last-used times.
 * KEYS: 1 pending (hash), 2 last-used (hash), 3 this settlement's marker, then per lease 3 keys:
 *       the second's burst counter, the month counter, the second's lease counter
 * ARGV: per lease: granted, unused, n, then n times: daily field "keyId|day", calls, key id, last used (ms)
 * Returns 1 when applied, 0 when this settlement had already been applied.
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
