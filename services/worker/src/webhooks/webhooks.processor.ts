import { Processor } from '@nestjs/bullmq';
import {
  JOBS,
  QUEUES,
  WEBHOOK_BACKOFF_TYPE,
  webhookRetryDelay,
  type DeliverWebhookJob,
  type FanOutWebhookEventJob,
} from '@fxrates/queues';
import type { Job, MinimalJob } from 'bullmq';
import { JobHandler } from '../jobs/job-handler';
import { JobProcessor } from '../jobs/job-processor';
import { WebhookDeliveries, type DeliveryResult } from './webhook-deliveries';

/** The delay before a delivery's next attempt: from the schedule its job carries. */
function backoffStrategy(attemptsMade: number, type?: string, _error?: Error, job?: MinimalJob): number {
  if (type !== WEBHOOK_BACKOFF_TYPE) return 1000;
  const delays = (job?.data as DeliverWebhookJob | undefined)?.retryDelaysMs ?? [];
  return webhookRetryDelay(attemptsMade, delays);
}

/** An attempt that failed with another to follow: BullMQ retries the job after its backoff. */
class AttemptFailed extends Error {}

/** Runs the webhooks queue: the fan-out of events to endpoints, and the attempts of each delivery. */
@Processor(QUEUES.webhooks, { concurrency: 16, settings: { backoffStrategy } })
export class WebhooksProcessor extends JobProcessor {
  constructor(private readonly deliveries: WebhookDeliveries) {
    super();
  }

  @JobHandler(JOBS.fanOutWebhookEvent)
  async fanOut(job: Job<FanOutWebhookEventJob>): Promise<{ deliveries: number }> {
    return { deliveries: await this.deliveries.fanOut(job.data.event, job.data.audience) };
  }

  @JobHandler(JOBS.deliverWebhook)
  async deliver(job: Job<DeliverWebhookJob>): Promise<DeliveryResult> {
    const result = await this.deliveries.attempt(job.data.deliveryId, {
      attemptsMade: job.attemptsMade,
      attempts: job.opts.attempts ?? 1,
      retryDelaysMs: job.data.retryDelaysMs,
    });
    if (result.status === 'retry') throw new AttemptFailed(result.error);
    return result;
  }
}
