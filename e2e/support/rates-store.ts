import { Redis } from 'ioredis';
import { RatesStore, type RatesTable } from '@fxrates/rates';
import { e2eEnvironment } from './e2e-environment';

export { snapshotWith } from '../../libs/rates/testing/snapshot-with';

/** Publishes a rates table to the stack under test as the worker's ingest does (stored, then announced). */
export async function publishToStack(table: RatesTable): Promise<void> {
  const { redisUrl, redisKeyPrefix } = e2eEnvironment();
  const redis = new Redis(redisUrl);
  try {
    await new RatesStore(redis, redisKeyPrefix).publish(table);
  } finally {
    await redis.quit();
  }
}
