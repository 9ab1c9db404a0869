import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ManagedProcess, type ClusterProcess, type ClusterRole } from './cluster-process';
import { startClusterProxy, type ClusterProxy, type ProxyBackendCounters } from './cluster-proxy';
// A file of its own, not the lib's entry: `npm run soak` runs this compiled, without the factories.
import { freePort } from '../../libs/testing/src/free-port';
import { REPO_ROOT } from './repo-root';
import {
  DEFAULT_DATABASE_SERVER_URL,
  DEFAULT_REDIS_URL,
  deleteRedisKeys,
  dropDatabase,
  runDatabaseUrl,
  runMigrations,
} from './run-resources';

export type { ClusterProcess, ClusterRole } from './cluster-process';
export { BACKEND_HEADER, type ProxyBackendCounters } from './cluster-proxy';

export interface Cluster {
  /** The proxy: what a client of the product talks to. */
  url: string;
  processes: ClusterProcess[];
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  /** The environment every process shares (secrets, database, Redis); each adds its own port and role. */
  env: NodeJS.ProcessEnv;
  logDir: string;
  /** What the proxy did with each API instance. */
  proxyCounters(): ProxyBackendCounters[];
  /** Stops the proxy and every process (SIGTERM), then removes the run's database and Redis keys. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** A PostgreSQL database to use as it is (migrated first). Default: a database of the run's own on the shared server, dropped at stop. */
  databaseUrl?: string;
  /** Default: the shared Redis, DB 15 (CLUSTER_REDIS_URL overrides); the run's keys are under a prefix of its own. */
  redisUrl?: string;
  /** Added to (and overriding) every process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Where each process's output goes (`<name>.log`). Default: artifacts/cluster/<run>/. */
  logDir?: string;
  /** Whole-API instances (API_ROUTES=all); default 2. */
  apis?: number;
  /** Instances serving only /api/v1 (API_ROUTES=public-api); default 1. */
  publicApis?: number;
  /** Default 2. */
  workers?: number;
}

const SCRIPTS: Record<ClusterRole, string> = {
  api: 'dist/services/api/src/main.js',
  'public-api': 'dist/services/api/src/main.js',
  worker: 'dist/services/worker/src/main.js',
};

/**
 * Several API instances and workers of the built product against one PostgreSQL database and one
 * Redis, behind a round-robin proxy on 127.0.0.1: what operators run, on loopback. Needs the backend
 * built (`node scripts/build-backend.mjs`).
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const runId = `c${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const ownDatabase = options.databaseUrl === undefined;
  const databaseUrl = options.databaseUrl ?? runDatabaseUrl(DEFAULT_DATABASE_SERVER_URL, runId);
  const redisUrl = options.redisUrl ?? DEFAULT_REDIS_URL;
  const redisKeyPrefix = `fxrates-${runId}:`;
  const logDir = options.logDir ?? path.join(REPO_ROOT, 'artifacts', 'cluster', runId);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    TZ: 'UTC',
    API_HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // Five processes share one server with other test runs.
    DATABASE_POOL_MAX: '5',
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    // One pair of secrets for every process: a token or key made on one instance holds on all.
    JWT_SECRET: randomBytes(48).toString('base64url'),
    API_KEY_HASH_SECRET: randomBytes(48).toString('base64url'),
    // The proxy appends the client's address to X-Forwarded-For; per-address limits count by it.
    TRUST_PROXY: 'true',
    // Offline: the default provider list reaches the live sources.
    RATES_PROVIDERS: 'bundled-snapshot',
    RATES_HISTORY_BACKFILL: 'none',
    ...options.env,
  };

  const counts: [ClusterRole, number][] = [
    ['api', options.apis ?? 2],
    ['public-api', options.publicApis ?? 1],
    ['worker', options.workers ?? 2],
  ];
  const processes: ManagedProcess[] = [];
  for (const [role, count] of counts) {
    for (let index = 1; index <= count; index++) {
      const port = await freePort();
      const name = `${role}-${index}`;
      const own: NodeJS.ProcessEnv =
        role === 'worker'
          ? { WORKER_HEALTH_PORT: String(port) }
          : { API_PORT: String(port), API_ROUTES: role === 'api' ? 'all' : 'public-api' };
      processes.push(
        new ManagedProcess({
          name,
          role,
          script: SCRIPTS[role],
          env: { ...env, ...own },
          url: `http://127.0.0.1:${port}`,
          readyPath: role === 'worker' ? '/health/ready' : '/api/health/ready',
          logFile: path.join(logDir, `${name}.log`),
        }),
      );
    }
  }

  let proxy: ClusterProxy | undefined;
  const stop = async () => {
    await proxy?.close();
    const exits = await Promise.allSettled(processes.map((process) => process.kill('SIGTERM')));
    // Best effort: a fault test may leave a throwaway server stopped, and takes its leftovers with it.
    await Promise.allSettled([
      deleteRedisKeys(redisUrl, redisKeyPrefix),
      ownDatabase ? dropDatabase(databaseUrl) : Promise.resolve(),
    ]);
    const failure = exits.find((exit) => exit.status === 'rejected');
    if (failure) throw failure.reason;
  };

  try {
    await runMigrations(env);
    await Promise.all(processes.map((process) => process.start()));
    proxy = await startClusterProxy(
      processes
        .filter((process) => process.role !== 'worker')
        .map((process) => ({
          name: process.name,
          url: process.url,
          publicApiOnly: process.role === 'public-api',
        })),
    );
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }

  return {
    url: proxy.url,
    processes,
    databaseUrl,
    redisUrl,
    redisKeyPrefix,
    env,
    logDir,
    proxyCounters: () => proxy!.counters(),
    stop,
  };
}
