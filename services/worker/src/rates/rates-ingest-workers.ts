import { getQueueToken } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { RATE_PROVIDER_IDS } from '@fxrates/domain';
import {
  bullConnection,
  bullPrefix,
  JOBS,
  ratesIngestQueue,
  type IngestRatesJob,
  type QueueOf,
} from '@fxrates/queues';
import type { ProviderId } from '@fxrates/rates';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import { dispatchJob, JobHandler } from '../jobs/job-handler';
import { JobWorkers } from '../lifecycle/job-workers';
import { RatesIngestion, type IngestReport } from './rates-ingestion';

export const ratesIngestSchedulerId = (provider: ProviderId) => `rates-ingest:${provider}`;

/** The provider whose ingest queue is named so. */
const providerOfQueue = new Map<string, ProviderId>(
  RATE_PROVIDER_IDS.map((id) => [ratesIngestQueue(id), id]),
);

/**
 * One queue, schedule and single-job worker per enabled provider, so a provider that is slow or
 * hangs until its timeout delays only its own next run. Schedules of disabled providers are removed.
 * An `every` schedule also runs once at once, so a fresh deployment has rates without waiting.
 * Every provider's worker runs its jobs through the @JobHandler methods of this class.
 */
@Injectable()
export class RatesIngestWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RatesIngestWorkers.name);
  private readonly workers: Worker[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
    private readonly ingestion: RatesIngestion,
    private readonly jobWorkers: JobWorkers,
  ) {}

  queueOf(provider: ProviderId): QueueOf<'rates-ingest'> {
    return this.moduleRef.get<QueueOf<'rates-ingest'>>(getQueueToken(ratesIngestQueue(provider)), {
      strict: false,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    const enabled = new Map(this.config.rates.providers.map((p) => [p.id, p]));
    for (const id of RATE_PROVIDER_IDS) {
      const queue = this.queueOf(id);
      const settings = enabled.get(id);
      if (!settings) {
        await queue.removeJobScheduler(ratesIngestSchedulerId(id));
        continue;
      }
      const worker: Worker<IngestRatesJob, IngestReport> = new this.jobWorkers.workerClass(
        queue.name,
        (job) => dispatchJob(this, job) as Promise<IngestReport>,
        {
          connection: bullConnection(this.config.redis.url),
          prefix: bullPrefix(this.config.redis.keyPrefix),
          concurrency: 1,
        },
      );
      // Without a listener, an 'error' (a Redis blip) is thrown and ends the process.
      worker.on('error', (error) => this.logger.warn(`Rates ingest worker ${id}: ${error.message}`));
      this.workers.push(worker);
      await queue.upsertJobScheduler(
        ratesIngestSchedulerId(id),
        { every: settings.intervalMs },
        {
          name: JOBS.ingestRates,
          data: { trigger: 'schedule' },
          // A failed run is followed by the next scheduled one; retrying sooner would only add load.
          opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
        },
      );
    }
    this.logger.log(
      `Rates ingest: ${this.config.rates.providers.map((p) => `${p.id} every ${p.intervalMs} ms`).join(', ')}`,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  @JobHandler(JOBS.ingestRates)
  async ingestRates(job: Job<IngestRatesJob>): Promise<IngestReport> {
    const provider = providerOfQueue.get(job.queueName);
    if (!provider) throw new UnrecoverableError(`queue "${job.queueName}" is no provider's ingest queue`);
    return this.ingestion.ingest(provider);
  }
}
