import type { Redis } from 'ioredis';

/**
 * Takes a slot: counts the user's open streams on live instances (a field per instance whose alive
 * key has expired belongs to a crashed instance and is dropped), and adds one for this instance when
 * under the cap. KEYS: the user's hash, this instance's alive key. ARGV: instance id, cap, alive TTL
 * (ms), alive-key prefix, the hash's TTL (ms). Returns the open count before, negated when refused.
 */
const ACQUIRE = `
redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  local instance = fields[i]
  if instance ~= ARGV[1] and redis.call('EXISTS', ARGV[4] .. instance) == 0 then
    redis.call('HDEL', KEYS[1], instance)
  else
    total = total + tonumber(fields[i + 1])
  end
end
if total >= tonumber(ARGV[2]) then return -total - 1 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return total
`;

/** Gives a slot back: KEYS: the user's hash. ARGV: instance id. */
const RELEASE = `
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return left
`;

/** A user's hash outlives its last refresh by this much (refreshed every heartbeat while open). */
const USER_TTL_MS = 24 * 3600 * 1000;

/**
 * The cap on a user's concurrent streams across every API instance, in Redis: per user a hash of
 * open streams by instance, and per instance a key that lives as long as the instance refreshes it
 * (every heartbeat). A crashed instance stops refreshing: once its key has expired its streams no
 * longer count. Slots that could not be given back (Redis away) are given back on a later refresh.
 */
export class StreamSlots {
  private readonly aliveKey: string;
  private readonly alivePrefix: string;
  /** Releases Redis refused, by user id, tried again on the next refresh. */
  private readonly unreleased = new Map<string, number>();

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    readonly instanceId: string,
    /** How long this instance's streams count without a refresh. */
    private readonly aliveTtlMs: number,
  ) {
    this.alivePrefix = `${keyPrefix}streams:alive:`;
    this.aliveKey = `${this.alivePrefix}${instanceId}`;
  }

  userKey(userId: string): string {
    return `${this.keyPrefix}streams:user:${userId}`;
  }

  /** Takes a slot for the user; resolves to false when `cap` streams are open already. */
  async acquire(userId: string, cap: number): Promise<boolean> {
    const before = (await this.redis.eval(
      ACQUIRE,
      2,
      this.userKey(userId),
      this.aliveKey,
      this.instanceId,
      cap,
      this.aliveTtlMs,
      this.alivePrefix,
      USER_TTL_MS,
    )) as number;
    return before >= 0;
  }

  release(userId: string): void {
    this.redis.eval(RELEASE, 1, this.userKey(userId), this.instanceId).catch(() => {
      this.unreleased.set(userId, (this.unreleased.get(userId) ?? 0) + 1);
    });
  }

  /** Keeps this instance's streams counted, and the hashes of users with streams here alive. */
  async refresh(userIds: Iterable<string>): Promise<void> {
    const pipeline = this.redis.pipeline().set(this.aliveKey, '1', 'PX', this.aliveTtlMs);
    for (const userId of userIds) pipeline.pexpire(this.userKey(userId), USER_TTL_MS);
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error)?.[0];
    if (failed) throw failed;
    const pending = [...this.unreleased];
    this.unreleased.clear();
    for (const [userId, count] of pending) for (let i = 0; i < count; i++) this.release(userId);
  }

  /** Forgets this instance (shutdown): its streams have been released one by one. */
  async forget(): Promise<void> {
    await this.redis.del(this.aliveKey);
  }
}
