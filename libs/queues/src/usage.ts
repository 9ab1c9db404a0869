/**
 * Redis keys shared by the API's metering and the worker's usage flush. The API adds to
 * `pending` (field "keyId|YYYY-MM-DD" → calls) and `lastUsed` (keyId → ms); the flush renames both
 * to a batch (`batchPending(id)`, `batchLastUsed(id)`) and applies the batch to PostgreSQL once.
 */
export function usageRedisKeys(keyPrefix: string) {
  const prefix = `${keyPrefix}usage:`;
  return {
    pending: `${prefix}pending`,
    lastUsed: `${prefix}last-used`,
    batchPending: (batchId: string) => `${prefix}batch:${batchId}:pending`,
    batchLastUsed: (batchId: string) => `${prefix}batch:${batchId}:last-used`,
    batchPattern: `${prefix}batch:*:pending`,
    month: (userId: string, month: string) => `${prefix}month:${userId}:${month}`,
    /** A key's metered calls in a month: kept only for a key with a monthly cap of its own. */
    keyMonth: (keyId: string, month: string) => `${prefix}key-month:${keyId}:${month}`,
    burst: (userId: string, second: number) => `${prefix}burst:${userId}:${second}`,
    /** A test key's calls in a second: it has a burst and nothing else. */
    testBurst: (keyId: string, second: number) => `${prefix}test-burst:${keyId}:${second}`,
    /** Units of a user's second leased to API instances and not yet settled. */
    lease: (userId: string, second: number) => `${prefix}lease:${userId}:${second}`,
    /** Marks a lease settlement as applied, so a retried one is not applied twice. */
    settlement: (id: string) => `${prefix}settlement:${id}`,
  };
}

/** The usage key layout under one prefix. */
export type UsageRedisKeys = ReturnType<typeof usageRedisKeys>;
