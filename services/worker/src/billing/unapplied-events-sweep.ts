import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { WebhookEventsRepository } from '@fxrates/db';
import {
  applyPayPalEventJobOptions,
  JOBS,
  QUEUES,
  type ApplyPayPalEventJob,
  type QueueOf,
} from '@fxrates/queues';
import type { Job } from 'bullmq';

export const UNAPPLIED_EVENTS_SCHEDULER_ID = 'billing:requeue-unapplied-paypal-events';
/** Events and failed jobs looked at per sweep: a backlog is worked off over a few sweeps. */
const SWEEP_BATCH = 500;

export interface SweepSummary {
  /** Exhausted jobs sent back to be tried again. */
  retried: number;
  /** Stored, unapplied events that had no job left and got a new one. */
  queued: number;
}

/**
 * No received PayPal event is abandoned when its job runs out of attempts (PayPal or PostgreSQL down
 * longer than the retries last): every PAYPAL_EVENT_SWEEP_INTERVAL_MS this sweep sends exhausted
 * event jobs back to be tried again, and gives every stored, unapplied event (webhook_events with no
 * processed_at) whose job is gone a new one. Job ids are the event's, so an event already queued is
 * left as it is; applying is idempotent (the worker re-reads PayPal), so a retry has one effect.
 */
@Injectable()
export class UnappliedEventsSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger(UnappliedEventsSweep.name);

  constructor(
    private readonly em: EntityManager,
    @InjectQueue(QUEUES.paypalWebhooks) private readonly queue: QueueOf<'paypal-webhooks'>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      UNAPPLIED_EVENTS_SCHEDULER_ID,
      { every: this.config.paypal.eventSweepIntervalMs },
      { name: JOBS.requeueUnappliedPayPalEvents, data: {}, opts: { removeOnComplete: true } },
    );
  }

  async run(): Promise<SweepSummary> {
    // Redis first: an event that arrived while PostgreSQL was down exists only as its failed job,
    // and this half works whatever PostgreSQL's state.
    const retried = await this.retryExhausted();
    const queued = await this.requeueStored();
    if (retried || queued) {
      this.logger.log(`Unapplied PayPal events: ${retried} exhausted job(s) retried, ${queued} re-queued`);
    }
    return { retried, queued };
  }

  private async retryExhausted(): Promise<number> {
    const failed = (await this.queue.getFailed(0, SWEEP_BATCH - 1)) as Job<ApplyPayPalEventJob>[];
    let retried = 0;
    for (const job of failed) {
      // A job that does not carry its event (queued before they did) is re-queued from its row below.
      if (job.name !== JOBS.applyPayPalEvent || !job.data.event) continue;
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      retried++;
    }
    return retried;
  }

  private async requeueStored(): Promise<number> {
    const eventIds = await new WebhookEventsRepository(this.em).unappliedIds('paypal', SWEEP_BATCH);
    let queued = 0;
    for (const eventId of eventIds) {
      const options = applyPayPalEventJobOptions(eventId, this.config.paypal.eventAttempts);
      const job = await this.queue.getJob(options.jobId);
      const state = job ? await job.getState() : 'unknown';
      if (state === 'failed') {
        await job!.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      } else if (state === 'completed' || state === 'unknown') {
        // A completed job of an unapplied event (removed from the set only by age) would make the
        // add a no-op: it goes first.
        await job?.remove();
        await this.queue.add(JOBS.applyPayPalEvent, { eventId }, options);
      } else {
        continue; // waiting, delayed or active: it will run
      }
      queued++;
    }
    return queued;
  }
}
