import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';

/** How one request ended. `expected` is a refusal the mix asked for (e.g. a free key asking for a time series). */
export type Outcome =
  | { kind: 'ok'; status: number }
  | { kind: 'expected'; status: number; code: string }
  | { kind: 'error'; reason: string; detail: string };

/** The role of the soak's own row among the processes: CPU is reported for it, nothing is judged. */
export const GENERATOR_ROLE = 'load generator';

export interface ProcessRss {
  name: string;
  role: string;
  /** Median of the bucket's samples, in bytes (a GC's sawtooth would make one sample noisy). */
  rssBytes: number | null;
  /** CPU the process used in the bucket, in cores (1 = one core busy all the time). */
  cpuCores: number | null;
}

/** One row of the report: the requests scheduled in [startSecond, startSecond + bucketSeconds). */
export interface Bucket {
  index: number;
  startSecond: number;
  requests: number;
  ok: number;
  expected: number;
  errors: number;
  errorRate: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** The load generator's own event-loop delay (p99): a latency that is the generator's, not the cluster's. */
  generatorLoopDelayP99Ms: number;
  processes: ProcessRss[];
  byRequest: Record<string, number>;
}

export interface ErrorSample {
  second: number;
  request: string;
  reason: string;
  detail: string;
}

const MAX_ERROR_SAMPLES = 50;

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function median(values: number[]): number | null {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

const round = (ms: number | null) => (ms === null ? null : Math.round(ms * 100) / 100);

interface OpenBucket {
  latencies: number[];
  ok: number;
  expected: number;
  errors: number;
  byRequest: Map<string, number>;
  rss: Map<string, { role: string; samples: number[] }>;
  /** CPU seconds used by each process in the bucket. */
  cpu: Map<string, number>;
  loopDelayP99Ms: number;
}

/**
 * Collects each request's latency and outcome into the bucket of the second it was scheduled in
 * (not the one it ended in), and each process's RSS samples into the bucket they were taken in.
 */
export class SoakRecorder {
  private readonly buckets: OpenBucket[] = [];
  private readonly loopDelay: ELDHistogram = monitorEventLoopDelay({ resolution: 10 });
  readonly errorSamples: ErrorSample[] = [];
  readonly errorsByReason = new Map<string, number>();
  readonly expectedByCode = new Map<string, number>();
  /** Every answered request's latency by the mix's row, for the whole run. */
  private readonly latencyByRequest = new Map<string, number[]>();

  constructor(
    private readonly bucketSeconds: number,
    bucketCount: number,
  ) {
    for (let i = 0; i < bucketCount; i++) {
      this.buckets.push({
        latencies: [],
        ok: 0,
        expected: 0,
        errors: 0,
        byRequest: new Map(),
        rss: new Map(),
        cpu: new Map(),
        loopDelayP99Ms: 0,
      });
    }
    this.loopDelay.enable();
  }

  private bucketAt(second: number): OpenBucket {
    const index = Math.min(this.buckets.length - 1, Math.max(0, Math.floor(second / this.bucketSeconds)));
    return this.buckets[index];
  }

  request(scheduledSecond: number, request: string, latencyMs: number, outcome: Outcome): void {
    const bucket = this.bucketAt(scheduledSecond);
    bucket.byRequest.set(request, (bucket.byRequest.get(request) ?? 0) + 1);
    if (outcome.kind === 'error') {
      bucket.errors++;
      const reason = `${request}: ${outcome.reason}`;
      this.errorsByReason.set(reason, (this.errorsByReason.get(reason) ?? 0) + 1);
      if (this.errorSamples.length < MAX_ERROR_SAMPLES)
        this.errorSamples.push({
          second: Math.round(scheduledSecond * 1000) / 1000,
          request,
          reason: outcome.reason,
          detail: outcome.detail,
        });
      return;
    }
    bucket.latencies.push(latencyMs);
    const ofRequest = this.latencyByRequest.get(request) ?? [];
    ofRequest.push(latencyMs);
    this.latencyByRequest.set(request, ofRequest);
    if (outcome.kind === 'ok') bucket.ok++;
    else {
      bucket.expected++;
      const key = `${request}: ${outcome.status} ${outcome.code}`;
      this.expectedByCode.set(key, (this.expectedByCode.get(key) ?? 0) + 1);
    }
  }

  rss(second: number, name: string, role: string, bytes: number): void {
    const processes = this.bucketAt(second).rss;
    const entry = processes.get(name) ?? { role, samples: [] };
    entry.samples.push(bytes);
    processes.set(name, entry);
  }

  /** CPU seconds a process used since its previous sample, counted in the bucket of `second`. */
  cpu(second: number, name: string, cpuSeconds: number): void {
    const cpu = this.bucketAt(second).cpu;
    cpu.set(name, (cpu.get(name) ?? 0) + cpuSeconds);
  }

  /** Called as each bucket's time ends: its share of the generator's event-loop delay. */
  closeLoopDelay(second: number): void {
    this.bucketAt(second).loopDelayP99Ms = this.loopDelay.percentile(99) / 1e6;
    this.loopDelay.reset();
  }

  /** The finished row of bucket `index`, naming every process seen in the run. */
  bucket(index: number, processNames: { name: string; role: string }[]): Bucket {
    const open = this.buckets[index];
    const sorted = [...open.latencies].sort((a, b) => a - b);
    const requests = open.ok + open.expected + open.errors;
    return {
      index,
      startSecond: index * this.bucketSeconds,
      requests,
      ok: open.ok,
      expected: open.expected,
      errors: open.errors,
      errorRate: requests === 0 ? 0 : open.errors / requests,
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(sorted.length ? sorted[sorted.length - 1] : null),
      generatorLoopDelayP99Ms: round(open.loopDelayP99Ms) ?? 0,
      processes: processNames.map(({ name, role }) => ({
        name,
        role,
        rssBytes: median(open.rss.get(name)?.samples ?? []),
        cpuCores: open.cpu.has(name)
          ? Math.round((open.cpu.get(name)! / this.bucketSeconds) * 100) / 100
          : null,
      })),
      byRequest: Object.fromEntries([...open.byRequest].sort(([a], [b]) => a.localeCompare(b))),
    };
  }

  /** p50, p99 and max of each row of the mix over the whole run: which requests make the tail. */
  latencyOfRequests(): Record<
    string,
    { count: number; p50Ms: number | null; p99Ms: number | null; maxMs: number | null }
  > {
    const rows = [...this.latencyByRequest].sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(
      rows.map(([name, latencies]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        return [
          name,
          {
            count: sorted.length,
            p50Ms: round(percentile(sorted, 50)),
            p99Ms: round(percentile(sorted, 99)),
            maxMs: round(sorted[sorted.length - 1]),
          },
        ];
      }),
    );
  }

  get bucketCount(): number {
    return this.buckets.length;
  }

  stop(): void {
    this.loopDelay.disable();
  }
}

export { median };
