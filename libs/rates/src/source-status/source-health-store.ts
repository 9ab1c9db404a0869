import type { Redis } from 'ioredis';
import type { ProviderId } from '../providers/provider';

/** What the worker last saw of one source's polls. Times in epoch milliseconds, null when never. */
export interface SourceHealth {
  /** When a fetch of it last succeeded. */
  lastSuccessAt: number | null;
  /** When a fetch of it last failed, and how (ProviderError's failure, or `network`). */
  lastFailureAt: number | null;
  lastFailure: string | null;
  /** Failed fetches since the last success. */
  consecutiveFailures: number;
  /** The newest observation time of the values it gave us: what a rates answer's `timestamp` says. */
  dataTimestamp: number | null;
  /** The day of that observation (the ECB's fix day), YYYY-MM-DD. */
  dataDate: string | null;
}

/**
 * A success counts only when it is the newest one (two runs of a source may finish in either
 * order, on two worker replicas): it clears the failure count only if no later failure was seen.
 * The data timestamp only moves forward.
 */
const RECORD_SUCCESS = `
local at = tonumber(ARGV[1])
local last = tonumber(redis.call('HGET', KEYS[1], 'lastSuccessAt') or '0')
if at > last then redis.call('HSET', KEYS[1], 'lastSuccessAt', ARGV[1]) end
local failed = tonumber(redis.call('HGET', KEYS[1], 'lastFailureAt') or '0')
if at >= failed then redis.call('HSET', KEYS[1], 'consecutiveFailures', '0') end
if ARGV[2] ~= '' then
  local data = tonumber(redis.call('HGET', KEYS[1], 'dataTimestamp') or '0')
  if tonumber(ARGV[2]) > data then
    redis.call('HSET', KEYS[1], 'dataTimestamp', ARGV[2], 'dataDate', ARGV[3])
  end
end
return 0`;

/** A failure older than the last success (a slow run finishing late) does not count against it. */
const RECORD_FAILURE = `
local at = tonumber(ARGV[1])
local last = tonumber(redis.call('HGET', KEYS[1], 'lastSuccessAt') or '0')
if at < last then return 0 end
redis.call('HINCRBY', KEYS[1], 'consecutiveFailures', 1)
local failed = tonumber(redis.call('HGET', KEYS[1], 'lastFailureAt') or '0')
if at > failed then redis.call('HSET', KEYS[1], 'lastFailureAt', ARGV[1], 'lastFailure', ARGV[2]) end
return 0`;

const numberOrNull = (text: string | undefined) => (text === undefined || text === '' ? null : Number(text));

/**
 * Each source's poll outcomes, a Redis hash per source written by the worker's ingest and read by the
 * API's GET /api/v1/status. Redis rather than PostgreSQL: it is written on every poll (every 10 s for
 * Binance) and read on every status refresh, and losing it loses nothing the next poll does not
 * rebuild (no count survives a FLUSHDB, which the status answer shows as "never").
 */
export class SourceHealthStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  private key(source: ProviderId): string {
    return `${this.keyPrefix}rates:source-health:${source}`;
  }

  /** A fetch of `source` succeeded at `at`; `data` is the newest observation among its values, if any. */
  async recordSuccess(
    source: ProviderId,
    at: number,
    data: { timestamp: number; date: string } | null,
  ): Promise<void> {
    const args = data ? [String(data.timestamp), data.date] : ['', ''];
    await this.redis.eval(RECORD_SUCCESS, 1, this.key(source), String(at), ...args);
  }

  async recordFailure(source: ProviderId, at: number, failure: string): Promise<void> {
    await this.redis.eval(RECORD_FAILURE, 1, this.key(source), String(at), failure);
  }

  /** The health of each source, in the order asked (one round trip). */
  async load(sources: readonly ProviderId[]): Promise<Map<ProviderId, SourceHealth>> {
    const batch = this.redis.multi();
    for (const source of sources) batch.hgetall(this.key(source));
    const results = (await batch.exec()) ?? [];
    const health = new Map<ProviderId, SourceHealth>();
    sources.forEach((source, i) => {
      const [error, hash] = results[i] ?? [new Error('no reply')];
      if (error) throw error;
      const fields = hash as Record<string, string>;
      health.set(source, {
        lastSuccessAt: numberOrNull(fields.lastSuccessAt),
        lastFailureAt: numberOrNull(fields.lastFailureAt),
        lastFailure: fields.lastFailure ?? null,
        consecutiveFailures: Number(fields.consecutiveFailures ?? '0'),
        dataTimestamp: numberOrNull(fields.dataTimestamp),
        dataDate: fields.dataDate ?? null,
      });
    });
    return health;
  }
}

/** The newest observation among some sets of values: a source's data timestamp, or null if none. */
export function newestObservation(
  ...valueSets: ReadonlyMap<string, { observedAt: string; day: string }>[]
): { timestamp: number; date: string } | null {
  let newest: { timestamp: number; date: string } | null = null;
  for (const values of valueSets) {
    for (const value of values.values()) {
      const timestamp = Date.parse(value.observedAt);
      if (newest === null || timestamp > newest.timestamp) newest = { timestamp, date: value.day };
    }
  }
  return newest;
}
