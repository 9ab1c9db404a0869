import { Redis } from 'ioredis';
import { dropRunDatabases } from '../../services/api/test/support/worker-resources';
import { browserBaseDatabaseUrl, browserRun } from './api-process';
import type { E2eStack } from './e2e-stack';

/** Stops what global-setup started (web servers first, then the API), then empties this run's Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const stacks = globalThis.__FXRATES_E2E_STACKS__;
  if (!stacks) return;
  await Promise.all(stacks.map(stopStack));
  // The stacks' API processes have stopped: the run's copies of the template can go.
  await dropRunDatabases(browserBaseDatabaseUrl(), stacks.length, browserRun());
  globalThis.__FXRATES_E2E_STACKS__ = undefined;
}

async function stopStack(stack: E2eStack): Promise<void> {
  await Promise.all(stack.webServers.map((stop) => stop()));
  await stack.api?.stop();
  await stack.paypal?.close();
  if (stack.redis) await deleteKeys(stack.redis.url, stack.redis.keyPrefix);
}

async function deleteKeys(url: string, keyPrefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${keyPrefix}*`, count: 500 }) as AsyncIterable<
      string[]
    >) {
      if (keys.length > 0) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}
