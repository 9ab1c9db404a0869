import { Logger } from '@nestjs/common';
import { bullTelemetry, withLogContext, type AppConfig } from '@fxrates/config';
import type { JobOrigin } from '@fxrates/queues';
import { Worker, type Job, type Processor, type WorkerOptions } from 'bullmq';
import { hostname } from 'node:os';

/** How a job ended, for its duration histogram (WorkerMetrics). */
export interface JobRun {
  queue: string;
  name: string;
  outcome: 'completed' | 'failed';
  seconds: number;
}

/** What one worker of this process is running now. */
interface InHand {
  job: Job;
  token: string | undefined;
}

/**
 * Every BullMQ worker of the process (the Nest processors' and the rates ingest workers'), built
 * with the configured stalled-job recovery and tracking the jobs in hand, so a SIGTERM can let them
 * finish or hand them back. Nest builds its processors' workers with `workerClass`
 * (BullModule.workerClass), the rates ingest builds its own with it.
 */
export class JobWorkers {
  private readonly logger = new Logger(JobWorkers.name);
  private readonly workers = new Set<Worker>();
  private readonly inHand = new Map<string, InHand>();
  private readonly runListeners: Array<(run: JobRun) => void> = [];
  readonly workerClass: typeof Worker;
  /** Shown as the job's `processedBy` in Bull Board, and in the logs: which process holds a job. */
  readonly name = `${hostname()}:${process.pid}`;

  constructor(settings: AppConfig['worker']) {
    // Explicit options (a processor's own) win over these process-wide ones.
    const defaults: WorkerOptions = {
      name: this.name,
      lockDuration: settings.lockDurationMs,
      stalledInterval: settings.stalledIntervalMs,
      maxStalledCount: settings.maxStalledCount,
      // The worker's side of the job's trace (OpenTelemetry), while tracing is on.
      telemetry: bullTelemetry(),
    } as WorkerOptions;
    const track = (worker: Worker) => this.workers.add(worker);
    const tracked = (queueName: string, processor: Processor) => this.tracked(queueName, processor);
    this.workerClass = class TrackedWorker extends Worker {
      constructor(queueName: string, processor?: string | URL | null | Processor, opts?: WorkerOptions) {
        super(queueName, typeof processor === 'function' ? tracked(queueName, processor) : processor, {
          ...defaults,
          ...opts,
        } as WorkerOptions);
        track(this);
      }
    } as typeof Worker;
  }

  /** Calls `listener` as each job of this process ends (WorkerMetrics' duration histogram). */
  onJobRun(listener: (run: JobRun) => void): void {
    this.runListeners.push(listener);
  }

  /** The jobs this process runs now, by queue and id (for logs and tests). */
  jobsInHand(): Array<{ queue: string; id: string }> {
    return [...this.inHand.values()].map(({ job }) => ({ queue: job.queueName, id: job.id ?? '' }));
  }

  /**
   * Stops taking jobs and waits up to `graceMs` for those in hand; any still running then are moved
   * back to their queue for another worker. Returns how many were handed back: when not zero the
   * caller must exit at once, before a handed-back job of this process could still take effect.
   */
  async stop(graceMs: number): Promise<number> {
    const closed = Promise.all([...this.workers].map((worker) => worker.close()));
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (inTime) return 0;
    let handedBack = 0;
    for (const { job, token } of [...this.inHand.values()]) {
      try {
        await job.moveToWait(token);
        handedBack += 1;
        this.logger.warn(
          `Job ${job.queueName}/${job.id} handed back to its queue: still running after ${graceMs} ms`,
        );
      } catch (error) {
        // Finished meanwhile (its lock is gone): nothing left to hand back.
        this.logger.warn(`Job ${job.queueName}/${job.id} not handed back: ${(error as Error).message}`);
      }
    }
    return handedBack;
  }

  private tracked(queueName: string, processor: Processor): Processor {
    // Three parameters, so BullMQ passes the abort signal on as it would to the processor itself.
    return async (job, token, signal) => {
      const key = `${queueName}/${job.id}`;
      this.inHand.set(key, { job, token });
      const started = performance.now();
      let outcome: JobRun['outcome'] = 'failed';
      // Every log line the job writes names it, and the API request that enqueued it.
      const requestId = (job.data as JobOrigin | undefined)?.requestId;
      const fields = { queue: queueName, job: job.name, jobId: job.id, ...(requestId ? { requestId } : {}) };
      try {
        const result = await withLogContext(fields, () => processor(job, token, signal));
        outcome = 'completed';
        return result;
      } finally {
        this.inHand.delete(key);
        const run = {
          queue: queueName,
          name: job.name,
          outcome,
          seconds: (performance.now() - started) / 1000,
        };
        for (const listener of this.runListeners) listener(run);
      }
    };
  }
}
