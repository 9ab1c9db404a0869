import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { REPO_ROOT } from './repo-root';

/** The shared servers a run uses when it is given none: the test database's server, Redis DB 15. */
export const DEFAULT_DATABASE_SERVER_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test';
export const DEFAULT_REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

/** A database of the run's own on the server of `serverUrl`: `<its database>_<run>`. */
export function runDatabaseUrl(serverUrl: string, runId: string): string {
  const url = new URL(serverUrl);
  url.pathname = `${url.pathname.replace(/^\//, '') || 'fxrates_test'}_${runId}`;
  return url.toString();
}

function adminClient(databaseUrl: string): Client {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  return new Client({ connectionString: admin.toString() });
}

/** Drops the run's database, disconnecting whatever still uses it. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unsupported database name "${name}"`);
  const client = adminClient(databaseUrl);
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** `node dist/libs/db/src/cli/migrate.js up`, which also creates the database when it is missing. */
export async function runMigrations(env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, ['dist/libs/db/src/cli/migrate.js', 'up'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`Database migration failed (exit ${code}):\n${output}`);
}

/** Deletes every key under the run's prefix (the queues, counters and caches of the run). */
export async function deleteRedisKeys(redisUrl: string, keyPrefix: string): Promise<void> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
