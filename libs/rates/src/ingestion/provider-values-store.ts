import type { Redis } from 'ioredis';
import { RateDecimal } from '../decimal';
import type { ProviderId } from '../providers/provider';
import type { GoodValue } from './good-value';
import type { PendingJump } from './jump-confirmation';

const RELEASE_LOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

const PENDING_JUMP_TTL_MS = 7 * 86_400_000;

interface StoredValue {
  r: string;
  t: string;
  d: string;
  /** `t` in epoch milliseconds, for the compare-and-set in Redis (absent in older entries). */
  m?: number;
}

/** HSET code → value for each (code, value, observedMs) unless the stored value is newer. */
const SAVE_IF_NOT_OLDER = `
for i = 1, #ARGV, 3 do
  local current = redis.call('HGET', KEYS[1], ARGV[i])
  local stored = current and cjson.decode(current).m
  if not stored or stored <= tonumber(ARGV[i + 2]) then
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  end
end
return 0`;

/**
 * Each provider's last good value per currency (a Redis hash per provider), and how long a provider
 * asked us to leave it alone after a 429. The merged table is rebuilt from these hashes.
 */
export class ProviderValuesStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  private valuesKey(provider: ProviderId): string {
    return `${this.keyPrefix}rates:provider:${provider}`;
  }

  private pendingJumpsKey(provider: ProviderId): string {
    return `${this.keyPrefix}rates:pending-jump:${provider}`;
  }

  private backoffKey(provider: ProviderId): string {
    return `${this.keyPrefix}rates:backoff:${provider}`;
  }

  async load(provider: ProviderId): Promise<Map<string, GoodValue>> {
    const hash = await this.redis.hgetall(this.valuesKey(provider));
    const values = new Map<string, GoodValue>();
    for (const [code, json] of Object.entries(hash)) {
      const stored = JSON.parse(json) as StoredValue;
      values.set(code, { perUsd: new RateDecimal(stored.r), observedAt: stored.t, day: stored.d });
    }
    return values;
  }

  async loadAll(providers: readonly ProviderId[]): Promise<Map<ProviderId, Map<string, GoodValue>>> {
    const entries = await Promise.all(providers.map(async (id) => [id, await this.load(id)] as const));
    return new Map(entries);
  }

  /**
   * Stores values, each only over an older one: two runs of one provider (two worker replicas, a
   * run outlasting its interval) may finish in either order, and the slower must not win.
   */
  async save(provider: ProviderId, values: ReadonlyMap<string, GoodValue>): Promise<void> {
    if (values.size === 0) return;
    const args: string[] = [];
    for (const [code, value] of values) {
      const observedMs = Date.parse(value.observedAt);
      const stored: StoredValue = {
        r: value.perUsd.toString(),
        t: value.observedAt,
        d: value.day,
        m: observedMs,
      };
      args.push(code, JSON.stringify(stored), String(observedMs));
    }
    await this.redis.eval(SAVE_IF_NOT_OLDER, 1, this.valuesKey(provider), ...args);
  }

  /** The provider's refused jumps waiting for confirmation, by currency. */
  async loadPendingJumps(provider: ProviderId): Promise<Map<string, PendingJump>> {
    const hash = await this.redis.hgetall(this.pendingJumpsKey(provider));
    return new Map(Object.entries(hash).map(([code, json]) => [code, JSON.parse(json) as PendingJump]));
  }

  /** Records candidates and forgets settled ones; a candidate nobody repeats for a week expires. */
  async savePendingJumps(
    provider: ProviderId,
    candidates: ReadonlyMap<string, PendingJump>,
    settled: readonly string[],
  ): Promise<void> {
    const key = this.pendingJumpsKey(provider);
    const batch = this.redis.multi();
    if (settled.length > 0) batch.hdel(key, ...settled);
    if (candidates.size > 0) {
      batch.hset(
        key,
        Object.fromEntries([...candidates].map(([code, jump]) => [code, JSON.stringify(jump)])),
      );
      batch.pexpire(key, PENDING_JUMP_TTL_MS);
    }
    if (settled.length > 0 || candidates.size > 0) await batch.exec();
  }

  /**
   * Runs `work` while holding the table lock, so that rebuilding and announcing the table happens one
   * provider at a time across every worker: a slower rebuild can never replace a newer one.
   */
  async underTableLock<T>(work: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
    const key = `${this.keyPrefix}rates:table-lock`;
    const token = `${process.pid}-${Math.random().toString(36).slice(2)}`;
    const deadline = Date.now() + timeoutMs;
    while ((await this.redis.set(key, token, 'PX', timeoutMs, 'NX')) !== 'OK') {
      if (Date.now() > deadline) throw new Error('timed out waiting for the rates table lock');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    try {
      return await work();
    } finally {
      await this.redis.eval(RELEASE_LOCK, 1, key, token);
    }
  }

  /** Milliseconds left of a back-off the provider asked for, or 0. */
  async backoffLeftMs(provider: ProviderId): Promise<number> {
    return Math.max(0, await this.redis.pttl(this.backoffKey(provider)));
  }

  async backOff(provider: ProviderId, ms: number): Promise<void> {
    await this.redis.set(this.backoffKey(provider), '1', 'PX', Math.max(1, Math.ceil(ms)));
  }
}
