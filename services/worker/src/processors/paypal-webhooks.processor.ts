import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { WebhookEvent } from '@fxrates/db';
import { payPalEventRecord, saleIdOf, takenBackCaptureIdOf } from '@fxrates/paypal';
import { JOBS, QUEUES, type ApplyPayPalEventJob, type SyncPayPalSubscriptionJob } from '@fxrates/queues';
import { UnrecoverableError, type Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { SubscriptionSync, type SyncOutcome } from '../billing/subscription-sync';
import { UpgradePaymentsSweep } from '../billing/upgrade-payments-sweep';
import { UnappliedEventsSweep, type SweepSummary } from '../billing/unapplied-events-sweep';
import { JobHandler } from '../jobs/job-handler';
import { JobProcessor } from '../jobs/job-processor';

/** What the hourly sweep of plans did. */
interface LapsedPlansSummary {
  downgraded: number;
  planChanges: number;
  upgradesRecovered: number;
}

/**
 * Applies PayPal events (storing first one the API could not store) by re-reading the subscription they name (and, for a payment event,
 * the payment): the effect depends on PayPal's current state, not on the event, so duplicates and
 * out-of-order events change nothing. Each event is applied in one transaction with its processed_at.
 */
@Processor(QUEUES.paypalWebhooks, { concurrency: 4 })
export class PayPalWebhooksProcessor extends JobProcessor {
  private readonly logger = new Logger(PayPalWebhooksProcessor.name);

  constructor(
    private readonly em: EntityManager,
    private readonly subscriptions: SubscriptionSync,
    private readonly sweep: UnappliedEventsSweep,
    private readonly upgradePayments: UpgradePaymentsSweep,
  ) {
    super();
  }

  @JobHandler(JOBS.endLapsedPlans)
  async endLapsedPlans(): Promise<LapsedPlansSummary> {
    // Upgrades paid at PayPal but never recorded, and scheduled changes, first: a plan they change
    // is then judged as any other.
    const upgrades = await this.upgradePayments.run();
    const planChanges = await this.subscriptions.applyDueChanges();
    return {
      downgraded: await this.subscriptions.endLapsedPlans(),
      planChanges,
      upgradesRecovered: upgrades.recovered,
    };
  }

  @JobHandler(JOBS.requeueUnappliedPayPalEvents)
  requeueUnappliedPayPalEvents(): Promise<SweepSummary> {
    return this.sweep.run();
  }

  @JobHandler(JOBS.syncPayPalSubscription)
  syncPayPalSubscription(job: Job<SyncPayPalSubscriptionJob>): Promise<SyncOutcome> {
    return this.subscriptions.sync(job.data.paypalSubscriptionId);
  }

  @JobHandler(JOBS.applyPayPalEvent)
  async applyPayPalEvent(job: Job<ApplyPayPalEventJob>): Promise<SyncOutcome | 'done'> {
    const { eventId, event: received } = job.data;
    if (received) {
      // Stored by the API unless PostgreSQL was down then; once only, whoever stores it.
      await this.em
        .fork()
        .upsert(
          WebhookEvent,
          { id: randomUUID(), ...payPalEventRecord(received), receivedAt: new Date(job.timestamp) },
          { onConflictFields: ['provider', 'eventId'], onConflictAction: 'ignore', disableIdentityMap: true },
        );
    }
    // One transaction from the event's row lock to its processed_at: a crash or a failed write leaves
    // neither the plan change nor the mark, and a second delivery waits on the lock, then sees it done.
    const outcome = await this.subscriptions.transactional(async (em) => {
      const event = await em.findOne(
        WebhookEvent,
        { provider: 'paypal', eventId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!event) throw new UnrecoverableError(`PayPal event ${eventId} is not stored`);
      if (event.processedAt) return { done: event.resourceId };
      const payload = {
        event_type: event.type,
        resource: event.payload.resource as Record<string, unknown> | undefined,
      };
      const saleId = saleIdOf(payload);
      const takenBack = takenBackCaptureIdOf(payload);
      const applied = saleId
        ? await this.subscriptions.syncSale(saleId, event.resourceId)
        : takenBack
          ? await this.subscriptions.syncCapture(takenBack)
          : event.resourceId
            ? await this.subscriptions.sync(event.resourceId)
            : 'unknown';
      await em.nativeUpdate(WebhookEvent, { id: event.id }, { processedAt: new Date(), error: null });
      return applied;
    });
    if (typeof outcome === 'string') return outcome;
    // Applied before: perhaps by this job, whose announcement after the commit then failed.
    if (outcome.done) await this.subscriptions.announceOwnerOf(outcome.done);
    return 'done';
  }

  /**
   * An event whose last attempt failed (PayPal or PostgreSQL down for long) is marked for operators;
   * the sweep (UnappliedEventsSweep) queues it again.
   */
  @OnWorkerEvent('failed')
  async onFailed(job: Job | undefined, error: Error): Promise<void> {
    if (!job || job.name !== JOBS.applyPayPalEvent) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    this.logger.warn(`PayPal event job ${job.id}: attempt ${job.attemptsMade} failed (${error.message})`);
    if (!final) return;
    await this.em
      .fork()
      .nativeUpdate(
        WebhookEvent,
        { provider: 'paypal', eventId: (job.data as ApplyPayPalEventJob).eventId },
        { error: error.message.slice(0, 1000) },
      )
      .catch((markError: Error) =>
        this.logger.warn(`PayPal event job ${job.id}: exhausted, not marked (${markError.message})`),
      );
  }
}
