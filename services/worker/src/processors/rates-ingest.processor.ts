import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { JOBS, QUEUES, type IngestSnapshotJob } from '@fxrates/queues';
import { loadBundledSnapshot, RatesStore } from '@fxrates/rates';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { WorkerMetrics } from '../health/worker-metrics';
import { WORKER_REDIS } from '../worker.tokens';

export interface IngestResult {
  version: string;
  published: boolean;
  currencies: number;
}

/** Loads rates into Redis and announces a new table to every API instance. */
@Processor(QUEUES.ratesIngest, { concurrency: 1 })
export class RatesIngestProcessor extends WorkerHost {
  private readonly logger = new Logger(RatesIngestProcessor.name);
  private readonly store: RatesStore;

  constructor(
    @Inject(WORKER_REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: WorkerMetrics,
  ) {
    super();
    this.store = new RatesStore(redis, config.redis.keyPrefix);
  }

  async process(job: Job<IngestSnapshotJob>): Promise<IngestResult> {
    if (job.name !== JOBS.ingestSnapshot) throw new UnrecoverableError(`unknown job "${job.name}"`);
    let table;
    let published;
    try {
      table = loadBundledSnapshot();
      published = await this.store.publish(table);
    } catch (error) {
      this.metrics.ingests.inc({ source: 'bundled-snapshot', outcome: 'failure' });
      throw error;
    }
    this.metrics.ingests.inc({ source: table.source, outcome: 'success' });
    this.logger.log(
      `${published ? 'Published' : 'Unchanged'} rates ${table.version} (${table.source} ${table.date}, ${table.perUsd.size} currencies, trigger ${job.data.trigger})`,
    );
    return { version: table.version, published, currencies: table.perUsd.size };
  }
}
