import { checkRedisEvictionPolicy } from '@fxrates/queues';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startThrowawayRedis, type ThrowawayRedis } from './support/throwaway-redis';
import { freePort } from '@fxrates/testing';
import { until } from './support/waiting';

const ROOT = path.resolve(__dirname, '../../..');
/** A boot on a busy machine (tests in parallel on two cores) takes several seconds. */
const BOOT_TIMEOUT_MS = 60_000;
const MAINS = {
  api: path.join(ROOT, 'dist/services/api/src/main.js'),
  worker: path.join(ROOT, 'dist/services/worker/src/main.js'),
};
type Service = keyof typeof MAINS;

interface Boot {
  /** The exit code, or 'running' once the service answered its health check. */
  outcome: number | 'running';
  stderr: string;
}

/**
 * The built API and worker, each started against a Redis of the test's own: a policy that may evict
 * keys stops them before they serve anything; `noeviction` lets them start.
 */
describe('boot: Redis must not evict keys', () => {
  let redis: ThrowawayRedis;

  async function boot(service: Service): Promise<Boot> {
    const port = await freePort();
    const child = spawn(process.execPath, [MAINS[service]], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fxrates_test',
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: 'fxrates-boot-check:',
        API_PORT: String(port),
        WORKER_HEALTH_PORT: String(port),
        RATES_INGEST_INTERVAL_MS: '600000',
        USAGE_FLUSH_INTERVAL_MS: '600000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    let exitCode: number | undefined;
    // 'close', not 'exit': by then stderr is read to its end.
    const exited = new Promise<void>((resolve) =>
      child.once('close', (code) => {
        exitCode = code ?? -1;
        resolve();
      }),
    );
    const healthUrl = `http://127.0.0.1:${port}${service === 'api' ? '/api/health/ready' : '/health/ready'}`;
    try {
      let running = false;
      await until(async () => {
        running = await fetch(healthUrl).then(
          (res) => res.ok,
          () => false,
        );
        return running || exitCode !== undefined;
      }, BOOT_TIMEOUT_MS);
      return { outcome: running ? 'running' : exitCode!, stderr };
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    }
  }

  beforeAll(async () => {
    for (const main of Object.values(MAINS)) {
      if (!existsSync(main))
        throw new Error(`${main} is missing: run \`node scripts/build-backend.mjs\` first`);
    }
    redis = await startThrowawayRedis(['--maxmemory-policy', 'allkeys-lru']);
  }, 30_000);
  afterAll(() => redis?.stop());

  it.each<Service>(['api', 'worker'])(
    'stops the %s with exit code 78 and what to set when the policy is allkeys-lru',
    async (service) => {
      await redis.admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
      const { outcome, stderr } = await boot(service);
      expect(outcome).toBe(78);
      expect(stderr).toContain(`maxmemory-policy is "allkeys-lru"`);
      expect(stderr).toContain('CONFIG SET maxmemory-policy noeviction');
      expect(stderr).toContain('maxmemory-policy noeviction` in redis.conf');
      // Refused before anything was built: not a crash with a stack trace.
      expect(stderr).not.toMatch(/\n\s+at /);
      // Nothing was written to a Redis that would evict it.
      expect(await redis.admin.dbsize()).toBe(0);
    },
    BOOT_TIMEOUT_MS + 10_000,
  );

  it.each<Service>(['api', 'worker'])(
    'starts the %s when the policy is noeviction',
    async (service) => {
      await redis.admin.config('SET', 'maxmemory-policy', 'noeviction');
      const { outcome, stderr } = await boot(service);
      expect({ outcome, stderr }).toMatchObject({ outcome: 'running' });
      expect(stderr).not.toContain('maxmemory-policy');
    },
    BOOT_TIMEOUT_MS + 10_000,
  );

  it('reports the policy as unknown, not refused, when INFO is denied or Redis is unreachable', async () => {
    await redis.admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
    // Managed services often restrict commands with ACLs; this user may do anything but INFO.
    await redis.admin.call('ACL', 'SETUSER', 'no-info', 'on', '>secret-pass', '~*', '&*', '+@all', '-info');
    const denied = await checkRedisEvictionPolicy(`redis://no-info:secret-pass@127.0.0.1:${redis.port}/0`);
    expect(denied).toMatchObject({ outcome: 'unknown' });
    expect(denied.outcome === 'unknown' && denied.message).toContain('NOPERM');
    expect(JSON.stringify(denied)).not.toContain('secret-pass');

    const nowhere = await checkRedisEvictionPolicy(`redis://127.0.0.1:${await freePort()}/0`, 1000);
    expect(nowhere).toMatchObject({ outcome: 'unknown' });
    expect(nowhere.outcome === 'unknown' && nowhere.message).toContain('ECONNREFUSED');

    expect(await checkRedisEvictionPolicy(redis.url)).toMatchObject({
      outcome: 'refused',
      policy: 'allkeys-lru',
    });
  }, 20_000);
});
