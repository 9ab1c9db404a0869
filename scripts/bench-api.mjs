// The built API as the benchmarks run it (scripts/bench.mjs, bench-bars.mjs, bench-convert-batch.mjs):
// its environment, starting it and waiting until it is ready, and keys on a plan whose limits the load
// cannot reach. Builds nothing: dist/ comes from `npm run build:backend`.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';

const root = path.resolve(import.meta.dirname, '..');
const API_MAIN = 'dist/services/api/src/main.js';

/**
 * The API's environment for a benchmark on `port`: production (as deployed), offline rates, limits
 * the load cannot reach, throwaway secrets of this call's own. `databaseUrl` and `redisUrl` default to
 * BENCH_DATABASE_URL and BENCH_REDIS_URL, then to the benchmark's database and Redis DB 14.
 */
export function benchApiEnv({
  port,
  redisKeyPrefix,
  databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_bench',
  redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14',
}) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    // Offline and steady: the default provider list reaches the live sources.
    RATES_PROVIDERS: 'bundled-snapshot',
    RATES_HISTORY_BACKFILL: 'none',
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    // Limits the load cannot reach, so the benchmark measures the metered 200 path, not refusals.
    PLAN_LIMITS: 'enterprise=1000000000:1000000',
    // The benchmarks sign up their users from this one address, and so from its /24.
    SIGNUP_LIMIT_PER_HOUR: '1000000',
    SIGNUP_LIMIT_PER_HOUR_IPV4_24: '1000000',
    // Production refuses to boot without secrets; a benchmark run gets throwaway ones.
    JWT_SECRET: randomBytes(32).toString('hex'),
    API_KEY_HASH_SECRET: randomBytes(32).toString('hex'),
    RECAPTCHA_SECRET: 'unused-by-the-benchmark',
    WEB_URL: 'http://127.0.0.1:3000',
    // The API's heap caps as deployed (deploy/backend.Dockerfile, deploy/k8s/api.yaml).
    NODE_OPTIONS: '--max-old-space-size=192 --max-semi-space-size=8',
  };
}

/** Migrates `env`'s database (creating it when missing: libs/db ensureDatabase); throws on failure. */
export function migrateBenchDatabase(env) {
  const migration = spawnSync(process.execPath, ['dist/libs/db/src/cli/migrate.js', 'up'], {
    cwd: root,
    env,
  });
  if (migration.status !== 0)
    throw new Error(`Migrating ${env.DATABASE_URL} failed:\n${migration.stdout}${migration.stderr}`);
}

/** Resolves to the first 2xx answer of `url`, asked every 100 ms for up to 30 s. */
export async function waitFor(url, init) {
  for (let i = 0; i < 300; i++) {
    try {
      const response = await fetch(url, init);
      if (response.ok) return response;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Ends `child` (SIGTERM) and waits for it; nothing when it has already exited. */
export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the built API with `env` (Node `flags` first, e.g. `--cpu-prof`) and resolves once it is
 * ready, to `{ base, api, stop }`; rejects as soon as the API exits before that.
 */
export async function startBuiltApi(env, flags = []) {
  const api = spawn(process.execPath, [...flags, API_MAIN], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${env.API_PORT}`;
  const exited = new Promise((resolve) => api.once('exit', resolve));
  try {
    await Promise.race([
      waitFor(`${base}/api/health/ready`),
      exited.then((code) => Promise.reject(new Error(`the API exited (${code}) before it was ready`))),
    ]);
  } catch (error) {
    await stopProcess(api);
    throw error;
  }
  return { base, api, stop: () => stopProcess(api) };
}

/**
 * `count` users, each with an API key, on Enterprise (whose limits benchApiEnv puts out of the load's
 * reach): signed up and given their key through the API at `base`, as a customer would, a few at a
 * time (each sign-up hashes a password); `label` names their addresses and keys.
 */
export async function enterpriseKeys(base, count, databaseUrl, label = 'bench') {
  const run = `${Date.now()}`;
  const signUp = async (i) => {
    const email = `${label}-${run}-${i}@example.test`;
    const response = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email, password: 'bench-password' }),
    });
    if (!response.ok) throw new Error(`sign-up ${email}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const registered = [];
  for (let i = 0; i < count; i += 4) {
    registered.push(...(await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n < count).map(signUp))));
  }
  // Verified as by opening the emailed link (only verified addresses create keys), on Enterprise.
  const database = createRequire(import.meta.url)(path.join(root, 'dist/libs/db/src/index.js'));
  const orm = await MikroORM.init(database.ormConfig({ url: databaseUrl, poolMax: 1 }));
  try {
    await orm.em
      .fork()
      .nativeUpdate(
        database.User,
        { id: { $in: registered.map((r) => r.user.uid) } },
        { plan: 'enterprise', emailVerifiedAt: new Date() },
      );
  } finally {
    await orm.close();
  }
  return Promise.all(
    registered.map(async ({ accessToken }) => {
      const response = await fetch(`${base}/api/keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ name: label }),
      });
      if (!response.ok) throw new Error(`new key: ${response.status} ${await response.text()}`);
      return (await response.json()).key;
    }),
  );
}
