import { onDatabaseServer } from '../../../../libs/testing/src/database-server';

/**
 * Each jest worker has a database and a Redis DB of its own, so test files run side by side without
 * seeing each other's rows (a file writing today's ECB close no longer breaks one that expects it
 * missing). The global setup migrates one template database and copies it for every worker
 * (`CREATE DATABASE … TEMPLATE`, a file copy); `worker-environment.ts` points each worker's files at
 * their copy through TEST_DATABASE_URL and TEST_REDIS_URL. The copies are the run's own
 * (`<base>_p<pid of jest>_w<worker>`), so two runs on one machine never drop each other's; the global
 * teardown drops them, and the next setup drops those of runs that were killed.
 */

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/fxrates_test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/15';
/** Redis has DBs 0–15 by default; workers count down from the base DB and never reach 0 (development's). */
const LOWEST_WORKER_REDIS_DB = 1;

/** The run's base database: the one `TEST_DATABASE_URL` names (or fxrates_test), before any worker's suffix. */
export function baseDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  // Named in CREATE/DROP DATABASE statements (libs/testing's database-server.ts): plain identifiers only.
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unsupported test database name "${name}"`);
  return name;
}

/** The migrated database every worker's is copied from: `<base>_template`. */
export function templateDatabaseUrl(baseUrl: string): string {
  return withDatabaseName(baseUrl, `${databaseNameOf(baseUrl)}_template`);
}

/** This run's id: the jest process's pid, which the workers it starts inherit through the environment. */
export const RUN_VARIABLE = 'FXRATES_TEST_RUN';

export function currentRun(env: NodeJS.ProcessEnv = process.env): string {
  const run = env[RUN_VARIABLE];
  if (!run || !/^p\d+$/.test(run)) throw new Error(`${RUN_VARIABLE} is not set: run the tests through jest`);
  return run;
}

/** Worker `workerId`'s database in run `run`: `<base>_<run>_w<id>`. */
export function workerDatabaseUrl(baseUrl: string, workerId: number, run: string): string {
  return withDatabaseName(baseUrl, `${databaseNameOf(baseUrl)}_${run}_w${workerId}`);
}

/** Whether `url` already names a worker's database (an environment set up twice changes nothing). */
export function isWorkerDatabaseUrl(url: string): boolean {
  return RUN_COPY_SUFFIX.test(databaseNameOf(url));
}

/** What a worker's copy adds to the base database's name: `_p<run>_w<worker>`. */
const RUN_COPY_SUFFIX = /_p\d+_w\d+$/;

/** The base database a worker's copy is named after (`<base>_p<run>_w<id>` → `<base>`); others as they are. */
export function runlessDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = parsed.pathname.replace(RUN_COPY_SUFFIX, '');
  return parsed.toString();
}

/** Worker `workerId`'s Redis DB: the base DB (15 by default) for worker 1, one lower for each next worker. */
export function workerRedisUrl(baseUrl: string, workerId: number): string {
  const parsed = new URL(baseUrl);
  const baseDb = Number(parsed.pathname.replace(/^\//, '') || '0');
  const db = baseDb - (workerId - 1);
  if (!Number.isInteger(db) || db < LOWEST_WORKER_REDIS_DB) {
    throw new Error(
      `Redis DB ${baseDb} leaves no DB of its own for jest worker ${workerId}: ` +
        'give TEST_REDIS_URL a higher DB number or run fewer workers (--maxWorkers).',
    );
  }
  parsed.pathname = `/${db}`;
  return parsed.toString();
}

export function baseRedisUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
}

/** The jest worker this code runs in (1 when jest runs files in its own process). */
export function currentWorkerId(env: NodeJS.ProcessEnv = process.env): number {
  const id = Number(env.JEST_WORKER_ID ?? '1');
  return Number.isInteger(id) && id > 0 ? id : 1;
}

/** Whether process `pid` still runs (a run whose jest process is gone was killed). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Gives each of the run's workers a fresh copy of the template (migrated by `migrate` first), after
 * dropping the databases of runs that were killed before their teardown. Runs starting together take
 * turns (an advisory lock): a template being migrated or copied by one cannot be copied by another.
 */
export async function copyTemplateForWorkers(
  baseUrl: string,
  workers: number,
  run: string,
  migrate: () => Promise<unknown>,
): Promise<void> {
  const base = databaseNameOf(baseUrl);
  const template = databaseNameOf(templateDatabaseUrl(baseUrl));
  await onDatabaseServer(baseUrl, (server) =>
    server.withAdvisoryLock(template, async () => {
      for (const name of await server.databaseNames()) {
        const owner = new RegExp(`^${base}_p(\\d+)_w\\d+$`).exec(name);
        if (owner && !running(Number(owner[1]))) await server.dropDatabase(name);
      }
      await migrate();
      for (let id = 1; id <= workers; id++) {
        const name = databaseNameOf(workerDatabaseUrl(baseUrl, id, run));
        await server.dropDatabase(name);
        await server.createDatabase(name, { template });
      }
    }),
  );
}

/** Drops the run's worker databases (the global teardown). */
export async function dropRunDatabases(baseUrl: string, workers: number, run: string): Promise<void> {
  await onDatabaseServer(baseUrl, async (server) => {
    for (let id = 1; id <= workers; id++) {
      await server.dropDatabase(databaseNameOf(workerDatabaseUrl(baseUrl, id, run)));
    }
  });
}
