import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startCluster, type Cluster } from '../cluster';
import { openLoop } from './open-loop';
import { cpuSecondsOf } from './process-cpu';
import { nextRequest } from './request-mix';
import type { SoakOptions } from './soak-options';
import { GENERATOR_ROLE, SoakRecorder, type Bucket, type ErrorSample, type Outcome } from './soak-recorder';
import { outcomeOf, outcomeOfFailure, send } from './soak-http';
import { startSoakStandIns } from './soak-stand-ins';
import { judgeSoak, type Verdict } from './soak-verdict';
import { buildSoakWorld } from './soak-world';

/**
 * Limits the soak's traffic never reaches: it measures the cluster serving, not refusing. Monthly
 * quota and burst are per user, and a dozen users carry the whole public-API load.
 */
const UNREACHABLE_PLAN_LIMITS =
  'free=1000000000:100000,basic=1000000000:100000,professional=1000000000:100000,enterprise=1000000000:100000';
/**
 * The heap cap the API runs with as deployed (deploy/k8s/api.yaml, api-public.yaml, the Dockerfile):
 * V8 sizes its heap, and so the RSS the soak judges, by it. The workers get it too (deployed: 384 MB),
 * since the cluster's environment is one for all processes.
 */
const DEPLOYED_NODE_OPTIONS = '--max-old-space-size=192 --max-semi-space-size=8';
/** glibc's trim threshold as deployed (deploy/k8s/api.yaml): freed memory goes back to the system. */
const DEPLOYED_MALLOC_TRIM_THRESHOLD = '131072';
/** Seconds of half the rate before the measured run (coldStart in the report). */
const COLD_START_SECONDS = 15;
/** How long accepted contact messages may take to reach the SMTP sink after the load. */
const MAIL_DEADLINE_MS = 60_000;

export interface LoggedError {
  process: string;
  line: string;
}

export interface SoakReport {
  startedAt: string;
  options: SoakOptions;
  machine: { cpus: number; node: string };
  processes: { name: string; role: string }[];
  totals: {
    requests: number;
    ok: number;
    expected: number;
    errors: number;
    errorRate: number;
    achievedRate: number;
  };
  /** The cold instances' first seconds at half the rate, before the measured run: reported, not judged. */
  coldStart: {
    seconds: number;
    rate: number;
    requests: number;
    errors: number;
    p50Ms: number | null;
    p99Ms: number | null;
    maxMs: number | null;
    errorsByReason: Record<string, number>;
    errorSamples: ErrorSample[];
  };
  buckets: Bucket[];
  byRequest: Record<string, number>;
  latencyByRequest: ReturnType<SoakRecorder['latencyOfRequests']>;
  expectedByCode: Record<string, number>;
  errorsByReason: Record<string, number>;
  errorSamples: ErrorSample[];
  processExits: string[];
  contact: { accepted: number; mailed: number };
  /** What the proxy did with each API instance (attempts, refusals, resets, still in flight at the end). */
  proxy: ReturnType<Cluster['proxyCounters']>;
  /** Lines the processes logged at level error or fatal (pino 50, 60), at most 20. */
  loggedErrors: { count: number; samples: LoggedError[] };
  verdict: Verdict;
}

async function loggedErrorsIn(logDir: string): Promise<SoakReport['loggedErrors']> {
  const samples: LoggedError[] = [];
  let count = 0;
  for (const file of (await readdir(logDir)).filter((f) => f.endsWith('.log'))) {
    for (const line of (await readFile(path.join(logDir, file), 'utf8')).split('\n')) {
      if (!/"level":(50|60)\b/.test(line)) continue;
      count++;
      if (samples.length < 20)
        samples.push({ process: file.replace(/\.log$/, ''), line: line.slice(0, 500) });
    }
  }
  return { count, samples };
}

const pick = ({ requests, errors, p50Ms, p99Ms, maxMs }: Bucket) => ({
  requests,
  errors,
  p50Ms,
  p99Ms,
  maxMs,
});

async function waitFor(condition: () => boolean, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * Runs the soak: stand-ins, a cluster, users and keys; then the fixed-rate mix for the options'
 * duration, printing each bucket as it ends; then the verdict. The cluster is stopped in every case.
 */
export async function runSoak(
  options: SoakOptions,
  print: (line: string) => void = console.log,
): Promise<SoakReport> {
  const standIns = await startSoakStandIns();
  let cluster: Cluster | undefined;
  try {
    print(`› Starting the cluster (logs in ${path.join(options.outDir, 'logs')})…`);
    cluster = await startCluster({
      logDir: path.join(options.outDir, 'logs'),
      env: {
        ...standIns.env,
        PLAN_LIMITS: UNREACHABLE_PLAN_LIMITS,
        NODE_OPTIONS: DEPLOYED_NODE_OPTIONS,
        MALLOC_TRIM_THRESHOLD_: DEPLOYED_MALLOC_TRIM_THRESHOLD,
      },
    });
    const processes = cluster.processes.map((p) => ({ name: p.name, role: p.role }));
    // The generator's CPU is reported beside the cluster's (no RSS: it is not judged).
    const rows = [...processes, { name: 'generator', role: GENERATOR_ROLE }];
    print(
      `› ${processes.map((p) => p.name).join(', ')} behind ${cluster.url}; creating users, keys, visitors, history…`,
    );
    const world = await buildSoakWorld(cluster);
    print(
      `› ${world.keys.length} keys of ${world.users.length} users on 4 plans, ${world.visitors.length} visitors; ` +
        `${options.rate} req/s for ${options.durationSeconds} s`,
    );

    const inFlight = new Set<Promise<void>>();
    let contactAccepted = 0;
    const processExits = new Map<string, string>();
    const baseUrl = cluster.url;
    /** Starts one request of the mix scheduled at `scheduledAt` and records it in `into`. */
    const fire = (into: SoakRecorder, second: number, scheduledAt: number) => {
      const mixed = nextRequest(world);
      const call = send(baseUrl, mixed.request)
        .then((answer): Outcome => {
          const outcome = outcomeOf(mixed.request, answer);
          if (outcome.kind !== 'ok') return outcome;
          try {
            mixed.taken?.(answer);
          } catch (error) {
            return {
              kind: 'error',
              reason: 'an answer the client cannot use',
              detail: (error as Error).message,
            };
          }
          if (mixed.request.name === 'contact') contactAccepted++;
          return outcome;
        }, outcomeOfFailure)
        .then((outcome) => {
          mixed.settled?.();
          into.request(second, mixed.request.name, performance.now() - scheduledAt, outcome);
        });
      inFlight.add(call);
      void call.finally(() => inFlight.delete(call));
    };

    // Cold instances first get half the rate for a while, as a rollout's new pods do: their first
    // seconds are reported apart (coldStart), since the run judges the cluster in service.
    const coldRecorder = new SoakRecorder(COLD_START_SECONDS, 1);
    await openLoop(options.rate / 2, COLD_START_SECONDS, (second, at) => fire(coldRecorder, second, at)).done;
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    coldRecorder.stop();
    const coldStart = {
      seconds: COLD_START_SECONDS,
      rate: options.rate / 2,
      ...pick(coldRecorder.bucket(0, [])),
      errorsByReason: Object.fromEntries(coldRecorder.errorsByReason),
      errorSamples: coldRecorder.errorSamples,
    };
    print(
      `› cold start, ${coldStart.rate} req/s for ${COLD_START_SECONDS} s (not judged): ${coldStart.requests} req, ` +
        `${coldStart.errors} err, p50 ${coldStart.p50Ms} ms, p99 ${coldStart.p99Ms} ms`,
    );

    const bucketCount = Math.ceil(options.durationSeconds / options.bucketSeconds);
    const recorder = new SoakRecorder(options.bucketSeconds, bucketCount);
    const loop = openLoop(options.rate, options.durationSeconds, (second, at) => fire(recorder, second, at));

    // CPU time is read beside RSS: the share of the machine the cluster used at this rate.
    const cpuSeen = new Map<string, number>();
    const generator = { name: 'generator', pid: process.pid };
    const sampleRss = async () => {
      const second = (performance.now() - loop.startedAt) / 1000;
      const countCpu = async (name: string, pid: number) => {
        const total = await cpuSecondsOf(pid);
        if (cpuSeen.has(name)) recorder.cpu(second, name, total - cpuSeen.get(name)!);
        cpuSeen.set(name, total);
      };
      await countCpu(generator.name, generator.pid);
      await Promise.all(
        cluster!.processes.map(async (p) => {
          try {
            recorder.rss(second, p.name, p.role, await p.rssBytes());
            await countCpu(p.name, p.pid);
          } catch (error) {
            if (!processExits.has(p.name))
              processExits.set(
                p.name,
                `${p.name} is gone at ${second.toFixed(0)} s (${(error as Error).message})`,
              );
          }
        }),
      );
    };
    void sampleRss();
    const rssTimer = setInterval(() => void sampleRss(), options.rssSampleSeconds * 1000);

    // Each bucket is printed a second after it ends, when all but its slowest requests are in.
    const timers: NodeJS.Timeout[] = [];
    let printedBuckets = 0;
    for (let index = 0; index < bucketCount; index++) {
      const end = Math.min(options.durationSeconds, (index + 1) * options.bucketSeconds);
      // The last bucket is closed once the load is over.
      if (index < bucketCount - 1)
        timers.push(setTimeout(() => recorder.closeLoopDelay(end - 0.001), end * 1000));
      if (index < bucketCount - 1)
        timers.push(
          setTimeout(
            () => {
              print(bucketLine(recorder.bucket(index, rows), options));
              printedBuckets = index + 1;
            },
            end * 1000 + 1000,
          ),
        );
    }

    await loop.done;
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    await sampleRss();
    clearInterval(rssTimer);
    timers.forEach(clearTimeout);
    recorder.closeLoopDelay(options.durationSeconds - 0.001);
    recorder.stop();
    for (let index = printedBuckets; index < bucketCount; index++)
      print(bucketLine(recorder.bucket(index, rows), options));

    await waitFor(() => standIns.smtp.mails.length >= contactAccepted, MAIL_DEADLINE_MS);
    const buckets = Array.from({ length: bucketCount }, (_, index) => recorder.bucket(index, rows));
    const totals = buckets.reduce(
      (sum, b) => ({
        requests: sum.requests + b.requests,
        ok: sum.ok + b.ok,
        expected: sum.expected + b.expected,
        errors: sum.errors + b.errors,
      }),
      { requests: 0, ok: 0, expected: 0, errors: 0 },
    );
    const byRequest: Record<string, number> = {};
    for (const b of buckets)
      for (const [name, n] of Object.entries(b.byRequest)) byRequest[name] = (byRequest[name] ?? 0) + n;
    const errorsByReason = Object.fromEntries(recorder.errorsByReason);
    const contact = { accepted: contactAccepted, mailed: standIns.smtp.mails.length };
    const warmUpBuckets = Math.max(1, Math.round(options.warmUpSeconds / options.bucketSeconds));
    const verdict = judgeSoak({
      buckets,
      warmUpBuckets,
      p99Factor: options.p99Factor,
      p99FloorMs: options.p99FloorMs,
      totalErrors: totals.errors,
      errorsByReason,
      processExits: [...processExits.values()],
      contactAccepted: contact.accepted,
      contactMailed: contact.mailed,
    });
    return {
      startedAt: new Date(Date.now() - options.durationSeconds * 1000).toISOString(),
      options,
      machine: { cpus: availableParallelism(), node: process.version },
      processes,
      totals: {
        ...totals,
        errorRate: totals.requests ? totals.errors / totals.requests : 0,
        achievedRate: Math.round((totals.requests / options.durationSeconds) * 10) / 10,
      },
      coldStart,
      buckets,
      byRequest,
      latencyByRequest: recorder.latencyOfRequests(),
      expectedByCode: Object.fromEntries(recorder.expectedByCode),
      errorsByReason,
      errorSamples: recorder.errorSamples,
      processExits: [...processExits.values()],
      contact,
      proxy: cluster.proxyCounters(),
      loggedErrors: await loggedErrorsIn(cluster.logDir),
      verdict,
    };
  } finally {
    await cluster?.stop().catch((error: Error) => print(`! Stopping the cluster: ${error.message}`));
    await standIns.close();
  }
}

const ms = (v: number | null) => (v === null ? '   –' : v.toFixed(1).padStart(6));
const mb = (v: number | null) => (v === null ? '–' : `${Math.round(v / 1048576)}`);

/** One printed line per bucket: requests, errors, latency, and each process's RSS in MB. */
export function bucketLine(b: Bucket, options: SoakOptions): string {
  const from = b.startSecond;
  const label =
    options.bucketSeconds === 60
      ? `min ${String(b.index + 1).padStart(2)}`
      : `${String(from).padStart(3)}–${from + options.bucketSeconds} s`;
  const cluster = b.processes.filter((p) => p.role !== GENERATOR_ROLE);
  const rss = cluster.map((p) => `${p.name} ${mb(p.rssBytes)}`).join(' ');
  const cpu = cluster.reduce((sum, p) => sum + (p.cpuCores ?? 0), 0);
  return (
    `${label}  ${String(b.requests).padStart(6)} req  ${String(b.errors).padStart(3)} err  ` +
    `p50 ${ms(b.p50Ms)} ms  p99 ${ms(b.p99Ms)} ms  CPU ${cpu.toFixed(2)} cores  RSS MB: ${rss}`
  );
}
