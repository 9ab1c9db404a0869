import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { HISTORY_BACKFILL_START_JOB_ID, JOBS, QUEUES, type QueueOf } from '@fxrates/queues';

export const SESSION_PURGE_SCHEDULER_ID = 'maintenance:purge-expired-sessions';
export const USAGE_FLUSH_SCHEDULER_ID = 'usage-flush:every-interval';
export const EMAIL_REQUEUE_SCHEDULER_ID = 'email:requeue-unsent';
export const LAPSED_PLANS_SCHEDULER_ID = 'billing:end-lapsed-plans';
export const HISTORY_BACKFILL_SCHEDULER_ID = 'history-backfill:daily';
export const BAR_PARTITIONS_SCHEDULER_ID = 'maintenance:keep-bar-partitions';
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The repeatable maintenance jobs, idempotent across worker restarts and replicas (rates ingest
 * schedules are kept by RatesIngestWorkers).
 */
@Injectable()
export class Schedules implements OnApplicationBootstrap {
  private readonly logger = new Logger(Schedules.name);

  constructor(
    @InjectQueue(QUEUES.maintenance) private readonly maintenance: QueueOf<'maintenance'>,
    @InjectQueue(QUEUES.usageFlush) private readonly usageFlush: QueueOf<'usage-flush'>,
    @InjectQueue(QUEUES.email) private readonly email: QueueOf<'email'>,
    @InjectQueue(QUEUES.paypalWebhooks) private readonly billing: QueueOf<'paypal-webhooks'>,
    @InjectQueue(QUEUES.historyBackfill) private readonly history: QueueOf<'history-backfill'>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.maintenance.upsertJobScheduler(
      SESSION_PURGE_SCHEDULER_ID,
      { every: DAY_MS },
      { name: JOBS.purgeExpiredSessions, data: { olderThanMs: 7 * DAY_MS } },
    );
    await this.usageFlush.upsertJobScheduler(
      USAGE_FLUSH_SCHEDULER_ID,
      { every: this.config.usage.flushIntervalMs },
      { name: JOBS.flushUsage, data: { trigger: 'schedule' }, opts: { removeOnComplete: true } },
    );
    await this.email.upsertJobScheduler(
      EMAIL_REQUEUE_SCHEDULER_ID,
      { every: this.config.mail.sweepIntervalMs },
      { name: JOBS.requeueUnsentEmail, data: {}, opts: { removeOnComplete: true } },
    );
    await this.billing.upsertJobScheduler(
      LAPSED_PLANS_SCHEDULER_ID,
      { every: HOUR_MS },
      { name: JOBS.endLapsedPlans, data: { trigger: 'schedule' }, opts: { removeOnComplete: true } },
    );
    // Daily, and once at start: the partitions a tick writes into exist before it comes.
    await this.maintenance.upsertJobScheduler(
      BAR_PARTITIONS_SCHEDULER_ID,
      { every: DAY_MS },
      { name: JOBS.keepBarPartitions, data: { trigger: 'schedule' }, opts: { removeOnComplete: true } },
    );
    await this.scheduleHistoryBackfill();
    this.logger.log(
      `Usage flushed every ${this.config.usage.flushIntervalMs} ms; expired sessions purged daily; lapsed paid plans ended hourly`,
    );
  }

  /**
   * The history backfill: once now (one job for the workers starting together: its id is fixed
   * while it waits or runs) and then daily, one at a time across every worker. Off when
   * RATES_HISTORY_BACKFILL is empty (the scheduler is then removed).
   */
  private async scheduleHistoryBackfill(): Promise<void> {
    if (this.config.rates.history.sources.length === 0) {
      await this.history.removeJobScheduler(HISTORY_BACKFILL_SCHEDULER_ID);
      return;
    }
    await this.history.setGlobalConcurrency(1);
    const opts = { removeOnComplete: true, removeOnFail: 50 };
    // A failed start job is not kept: its fixed id would make every later start's `add` a no-op.
    await this.history.add(
      JOBS.backfillHistory,
      { trigger: 'start' },
      { removeOnComplete: true, removeOnFail: true, jobId: HISTORY_BACKFILL_START_JOB_ID },
    );
    await this.history.upsertJobScheduler(
      HISTORY_BACKFILL_SCHEDULER_ID,
      { every: DAY_MS },
      { name: JOBS.backfillHistory, data: { trigger: 'schedule' }, opts },
    );
    this.logger.log(`History backfilled from ${this.config.rates.history.sources.join(', ')} now and daily`);
  }
}
