import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { workerDatabaseUrl, workerRedisUrl } from '../../services/api/test/support/worker-resources';
import { apiLogFile, REPO_ROOT } from './paths';
import { waitForHttpOk } from './wait-for-http';

/**
 * Environment of the API of jest worker `workerId`'s stack: a database and a Redis DB of that worker's
 * (worker-resources.ts), under a key prefix of this run's own, so limits counted by earlier runs (e.g.
 * contact messages per IP per hour) never carry over. Secrets of this run's own, so that every process
 * started with this environment agrees on them.
 */
export function apiEnvironment(
  port: number,
  redisKeyPrefix: string,
  workerId: number,
  run: string,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    TZ: 'UTC',
    API_PORT: String(port),
    DATABASE_URL: workerDatabaseUrl(browserBaseDatabaseUrl(), workerId, run),
    REDIS_URL: workerRedisUrl(process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/15', workerId),
    REDIS_KEY_PREFIX: redisKeyPrefix,
    // Offline: the default provider list reaches the live sources.
    RATES_PROVIDERS: 'bundled-snapshot',
    RATES_HISTORY_BACKFILL: 'none',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    API_KEY_HASH_SECRET: randomBytes(48).toString('base64url'),
    // The browser tests show the wrong-password and unknown-user errors many times from one IP;
    // the throttle itself is covered by the API tests.
    LOGIN_FAILURE_LIMIT: '1000',
    // The webhooks pages' tests point endpoints at a receiver of their own on 127.0.0.1.
    WEBHOOKS_ALLOW_INSECURE_LOCALHOST: 'true',
  };
}

/** This run's id in the stacks' database names: the jest process's, where the global setup and teardown run. */
export function browserRun(): string {
  return `p${process.pid}`;
}

/**
 * The base the stacks' databases are named after: `<E2E_DATABASE_URL's, fxrates_test by default>_browser`.
 * Each run copies its migrated template to `<base>_p<pid>_w<worker>` and drops the copies at the end, so
 * no row of an earlier run (a close written for "three days ago" yesterday) is seen by the next.
 */
export function browserBaseDatabaseUrl(): string {
  const url = new URL(process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test');
  url.pathname = `${url.pathname}_browser`;
  return url.toString();
}

export function runMigrations(env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, ['dist/libs/db/src/cli/migrate.js', 'up'], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) {
    throw new Error(`Database migration failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

export interface RunningApi {
  url: string;
  stop: () => Promise<void>;
}

/** Starts `node dist/services/api/src/main.js` and waits for GET /api/health/ready → 200. */
export async function startApi(port: number, env: NodeJS.ProcessEnv, workerId: number): Promise<RunningApi> {
  const logFile = apiLogFile(workerId);
  const log = fs.createWriteStream(logFile, { flags: 'w' });
  const child: ChildProcess = spawn(process.execPath, ['dist/services/api/src/main.js'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exit: string | null = null;
  child.once('exit', (code, signal) => {
    exit = `The API exited during start-up (${signal ?? code}); see ${logFile}`;
  });

  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        log.end(() => resolve());
      });
      child.kill('SIGTERM');
    });

  try {
    await waitForHttpOk(`${url}/api/health/ready`, { timeoutMs: 60_000, abortIf: () => exit });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
