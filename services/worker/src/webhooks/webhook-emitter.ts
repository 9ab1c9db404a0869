import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { WebhookEventEnvelope } from '@fxrates/domain';
import { JOBS, QUEUES, webhookFanOutJobId, type QueueOf, type WebhookAudience } from '@fxrates/queues';

export type { WebhookAudience } from '@fxrates/queues';

/**
 * Sends webhook events: each emit queues one fan-out job (its id is the event's, so emitting the
 * same event twice sends it once), which stores one delivery per endpoint that should receive it and
 * queues their deliveries. `emit(event, { userId })` for an account's events (`alert.triggered`,
 * `quota.threshold`), `{ everyone: true }` for `rates.published`, `{ pair, changePercent }` for
 * `rate.changed` (the endpoints watching the pair whose minimum change it reaches).
 */
@Injectable()
export class WebhookEmitter {
  constructor(@InjectQueue(QUEUES.webhooks) private readonly queue: QueueOf<'webhooks'>) {}

  async emit(event: WebhookEventEnvelope, audience: WebhookAudience): Promise<void> {
    await this.queue.add(
      JOBS.fanOutWebhookEvent,
      { event, audience },
      {
        jobId: webhookFanOutJobId(event.id),
        attempts: 10,
        backoff: { type: 'exponential', delay: 1000, jitter: 0.5 },
        removeOnComplete: { age: 24 * 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }
}
