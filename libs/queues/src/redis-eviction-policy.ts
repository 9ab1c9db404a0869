import { Redis } from 'ioredis';

/** The only policy under which Redis never drops a key to make room: queues and counters live there. */
export const REQUIRED_EVICTION_POLICY = 'noeviction';

/** How long boot waits for Redis to answer the check before going on without it. */
const CHECK_TIMEOUT_MS = 5_000;

export type EvictionPolicyCheck =
  | { outcome: 'ok' }
  | { outcome: 'refused'; policy: string; message: string }
  | { outcome: 'unknown'; message: string };

/**
 * Reads Redis's `maxmemory-policy` from `INFO memory`, not `CONFIG GET`: managed services (ElastiCache,
 * Memorystore, Azure Cache) disable CONFIG but answer INFO. A policy that evicts would drop BullMQ's
 * jobs and the monthly counters under memory pressure, silently; that is refused. When the policy
 * cannot be read (Redis unreachable, INFO denied by an ACL, a service that leaves the field out) the
 * answer is `unknown`: boot goes on with a warning, as refusing would stop every deploy over a check.
 */
export async function checkRedisEvictionPolicy(
  redisUrl: string,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<EvictionPolicyCheck> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    // The ready check runs INFO too, and warns on its own when INFO is denied.
    enableReadyCheck: false,
  });
  // connect() rejects with a bare "Connection is closed"; the cause (ECONNREFUSED, WRONGPASS) comes
  // as an error event, which would otherwise be printed as unhandled.
  let cause: Error | undefined;
  redis.on('error', (error: Error) => (cause ??= error));
  let info: string;
  try {
    await redis.connect();
    info = await redis.info('memory');
  } catch (error) {
    return {
      outcome: 'unknown',
      message: `Could not read Redis's maxmemory-policy (${(cause ?? (error as Error)).message}); starting without the check. Make sure it is "${REQUIRED_EVICTION_POLICY}".`,
    };
  } finally {
    redis.disconnect();
  }
  const policy = /^maxmemory_policy:(.*)$/m.exec(info)?.[1]?.trim();
  if (!policy) {
    return {
      outcome: 'unknown',
      message: `Redis's INFO memory does not report maxmemory_policy; starting without the check. Make sure it is "${REQUIRED_EVICTION_POLICY}".`,
    };
  }
  if (policy === REQUIRED_EVICTION_POLICY) return { outcome: 'ok' };
  return {
    outcome: 'refused',
    policy,
    message:
      `Redis's maxmemory-policy is "${policy}": under memory pressure it would evict queued jobs and usage counters. ` +
      `Set it to "${REQUIRED_EVICTION_POLICY}": \`CONFIG SET maxmemory-policy noeviction\` (and \`maxmemory-policy noeviction\` in redis.conf so it survives a restart), ` +
      `or the maxmemory-policy parameter of a managed service's parameter group. See docs/operating.md.`,
  };
}

/**
 * Boot's check, shared by the API and the worker: prints why and exits 78 (EX_CONFIG, as a bad
 * variable does) when Redis may evict keys; warns through `warn` when the policy cannot be read.
 */
export async function refuseEvictingRedisOrExit(
  redisUrl: string,
  warn: (message: string) => void,
): Promise<void> {
  const check = await checkRedisEvictionPolicy(redisUrl);
  if (check.outcome === 'unknown') warn(check.message);
  if (check.outcome === 'refused') {
    process.stderr.write(`${check.message}\n`);
    process.exit(78);
  }
}
