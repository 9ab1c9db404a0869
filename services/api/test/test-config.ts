import { randomBytes } from 'node:crypto';
import { loadConfig, type AppConfig } from '@fxrates/config';

/**
 * Config for one test file: the test database, Redis DB 15, and a Redis key prefix of its own so
 * files running in parallel (and whatever else shares this Redis) never see each other's keys.
 */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    REDIS_KEY_PREFIX: `fxrates-test-${randomBytes(4).toString('hex')}:`,
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test',
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15',
    // Tests stay offline: the default list reaches the live sources. A test sets its own list.
    RATES_PROVIDERS: 'bundled-snapshot',
    RATES_HISTORY_BACKFILL: 'none',
    ...overrides,
  });
}
