import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import {
  JOBS,
  QUEUES,
  type EndLapsedPlansJob,
  type FlushUsageJob,
  type SendContactEmailJob,
  type PurgeExpiredSessionsJob,
} from '@fxrates/queues';
import type { Queue } from 'bullmq';

export const SESSION_PURGE_SCHEDULER_ID = 'maintenance:purge-expired-sessions';
export const USAGE_FLUSH_SCHEDULER_ID = 'usage-flush:every-interval';
export const EMAIL_REQUEUE_SCHEDULER_ID = 'email:requeue-unsent';
export const LAPSED_PLANS_SCHEDULER_ID = 'billing:end-lapsed-plans';
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
    @InjectQueue(QUEUES.maintenance) private readonly maintenance: Queue<PurgeExpiredSessionsJob>,
    @InjectQueue(QUEUES.usageFlush) private readonly usageFlush: Queue<FlushUsageJob>,
    @InjectQueue(QUEUES.email) private readonly email: Queue<SendContactEmailJob>,
    @InjectQueue(QUEUES.paypalWebhooks) private readonly billing: Queue<EndLapsedPlansJob>,
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
      { name: JOBS.requeueUnsentEmail, data: { messageId: '' }, opts: { removeOnComplete: true } },
    );
    await this.billing.upsertJobScheduler(
      LAPSED_PLANS_SCHEDULER_ID,
      { every: HOUR_MS },
      { name: JOBS.endLapsedPlans, data: { trigger: 'schedule' }, opts: { removeOnComplete: true } },
    );
    this.logger.log(
      `Usage flushed every ${this.config.usage.flushIntervalMs} ms; expired sessions purged daily; lapsed paid plans ended hourly`,
    );
  }
}
