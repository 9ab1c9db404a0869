import type { AppConfig } from '@fxrates/config';
import { ContactMessage, QuotaAlert } from '@fxrates/db';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bullConnection, bullPrefix } from '@fxrates/queues';
import { Queue } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { freePort } from '@fxrates/testing';
import { until } from './waiting';

const ROOT = path.resolve(__dirname, '../../../..');
const WORKER_MAIN = path.join(ROOT, 'dist/services/worker/src/main.js');

/** Fast stalled-job recovery, so a killed worker's job runs elsewhere within seconds, not a minute. */
export const FAST_RECOVERY = {
  WORKER_LOCK_DURATION_MS: '2000',
  WORKER_STALLED_INTERVAL_MS: '1000',
  WORKER_MAX_STALLED_COUNT: '1',
};

/** One built worker (`node dist/services/worker/src/main.js`) running as a process of its own. */
export interface WorkerProcess {
  child: ChildProcess;
  /** What BullMQ records as a job's `processedBy` when this process takes it. */
  name: string;
  /** Everything it wrote to stdout and stderr. */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
}

/**
 * Starts the built worker against the config's PostgreSQL and Redis (and key prefix) with `env`
 * on top, and waits until its health server says ready.
 */
export async function startWorkerProcess(
  config: AppConfig,
  env: Record<string, string>,
): Promise<WorkerProcess> {
  if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run \`npm run build\` first`);
  const healthPort = await freePort();
  const child = spawn(process.execPath, [WORKER_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: config.database.url,
      REDIS_URL: config.redis.url,
      REDIS_KEY_PREFIX: config.redis.keyPrefix,
      WORKER_HEALTH_PORT: String(healthPort),
      RATES_INGEST_INTERVAL_MS: '600000',
      USAGE_FLUSH_INTERVAL_MS: '600000',
      // Offline: the default provider list reaches the live sources.
      RATES_PROVIDERS: 'bundled-snapshot',
      RATES_HISTORY_BACKFILL: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const worker: WorkerProcess = {
    child,
    name: `${hostname()}:${child.pid}`,
    output,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
  };
  await until(async () => {
    if (!worker.running()) throw new Error(`worker exited at start:\n${output.join('')}`);
    const res = await fetch(`http://127.0.0.1:${healthPort}/health/ready`).catch(() => undefined);
    return res?.status === 200;
  }, 20_000);
  return worker;
}

/** Ends what is still running (SIGKILL: a test that wanted a clean stop has stopped it already). */
export async function killAll(workers: WorkerProcess[]): Promise<void> {
  for (const worker of workers) {
    if (worker.running()) worker.child.kill('SIGKILL');
    await worker.exited;
  }
}

/** A BullMQ queue handle on the config's Redis and prefix, to see jobs as the workers do. */
export function queueOf(config: AppConfig, name: string): Queue {
  return new Queue(name, {
    connection: bullConnection(config.redis.url),
    prefix: bullPrefix(config.redis.keyPrefix),
  });
}

/** The worker process holding job `id` of `queue` now (active, by its `processedBy`). */
export async function holderOf(queue: Queue, id: string, workers: WorkerProcess[]): Promise<WorkerProcess> {
  let holder: WorkerProcess | undefined;
  await until(async () => {
    const job = await queue.getJob(id);
    if (!job || (await job.getState()) !== 'active') return false;
    holder = workers.find((w) => w.name === job.processedBy);
    return holder !== undefined;
  }, 15_000);
  return holder!;
}

/**
 * Marks as emailed every contact message and quota alert still unsent in the shared test database:
 * rows other test files stored with no worker running, which these tests' workers would otherwise
 * queue again at start (their unsent-mail sweep) and send to the SMTP sink before the test's own.
 * The premise of a test that holds the sink is that the mail in flight is its own.
 */
export async function settleLeftoverMail(em: EntityManager): Promise<void> {
  const now = new Date();
  await em.fork().nativeUpdate(ContactMessage, { emailedAt: null }, { emailedAt: now });
  await em.fork().nativeUpdate(QuotaAlert, { emailedAt: null }, { emailedAt: now });
}
