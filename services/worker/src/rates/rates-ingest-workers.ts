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
import { bullConnection, bullPrefix, JOBS, ratesIngestQueue, type IngestRatesJob } from '@fxrates/queues';
import type { ProviderId } from '@fxrates/rates';
import { UnrecoverableError, type Queue, type Worker } from 'bullmq';
import { JobWorkers } from '../lifecycle/job-workers';
import { RatesIngestion, type IngestReport } from './rates-ingestion';

export const ratesIngestSchedulerId = (provider: ProviderId) => `rates-ingest:${provider}`;

/**
 * One queue, schedule and single-job worker per enabled provider, so a provider that is slow or
 * hangs until its timeout delays only its own next run. Schedules of disabled providers are removed.
 * An `every` schedule also runs once at once, so a fresh deployment has rates without waiting.
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

  queueOf(provider: ProviderId): Queue<IngestRatesJob> {
    return this.moduleRef.get<Queue<IngestRatesJob>>(getQueueToken(ratesIngestQueue(provider)), {
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
        (job) => this.process(id, job.name),
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

  private async process(id: ProviderId, jobName: string): Promise<IngestReport> {
    if (jobName !== JOBS.ingestRates) throw new UnrecoverableError(`unknown job "${jobName}"`);
    return this.ingestion.ingest(id);
  }
}
