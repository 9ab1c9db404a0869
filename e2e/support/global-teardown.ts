import { Redis } from 'ioredis';

/** Stops what global-setup started (web servers first, then the API), then empties this run's Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__FXRATES_E2E_STACK__;
  if (!stack) return;
  await Promise.all(stack.webServers.map((stop) => stop()));
  await stack.api?.stop();
  await stack.paypal?.close();
  if (stack.redis) await deleteKeys(stack.redis.url, stack.redis.keyPrefix);
  globalThis.__FXRATES_E2E_STACK__ = undefined;
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
