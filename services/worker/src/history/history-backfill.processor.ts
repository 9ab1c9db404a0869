import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { JOBS, QUEUES, type BackfillHistoryJob } from '@fxrates/queues';
import type { Job } from 'bullmq';
import { Client } from 'pg';
import { JobHandler } from '../jobs/job-handler';
import { JobProcessor } from '../jobs/job-processor';
import { backfillHistory, type HistoryBackfillSource, type SourceBackfillResult } from './history-backfill';

/**
 * The daily history backfill (history-backfill.ts) as a job: on each worker's start and then daily
 * (Schedules), one at a time across every worker (the queue's global concurrency is 1). Progress
 * lines go to the worker's log; a source that fails ends its own part and is asked again next run.
 */
@Processor(QUEUES.historyBackfill, { concurrency: 1 })
export class HistoryBackfillProcessor extends JobProcessor {
  private readonly logger = new Logger(HistoryBackfillProcessor.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  @JobHandler(JOBS.backfillHistory)
  async backfill(
    job: Job<BackfillHistoryJob>,
  ): Promise<Record<HistoryBackfillSource, SourceBackfillResult | undefined> | null> {
    const { sources, urls, coingeckoApiKey } = this.config.rates.history;
    if (sources.length === 0) return null;
    this.logger.log(`History backfill (${job.data.trigger}): ${sources.join(', ')}`);
    const db = new Client({ connectionString: this.config.database.url });
    // PostgreSQL lost while the run waits on a provider (a restart, a failover): the run's next query
    // fails and ends its source, and the job retries later; unheard, the event ended the worker.
    db.on('error', (error) =>
      this.logger.warn(`History backfill: PostgreSQL connection lost: ${error.message}`),
    );
    await db.connect();
    try {
      return await backfillHistory(db, {
        sources,
        urls,
        coingeckoApiKey,
        today: new Date().toISOString().slice(0, 10),
        log: (line) => this.logger.log(line),
      });
    } finally {
      await db.end();
    }
  }
}
