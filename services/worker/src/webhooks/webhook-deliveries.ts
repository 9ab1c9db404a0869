import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { WebhookSecretBox, WebhooksRepository } from '@fxrates/db';
import type { WebhookEventEnvelope } from '@fxrates/domain';
import {
  deliverWebhookJobOptions,
  JOBS,
  QUEUES,
  usageRedisKeys,
  webhookRetryDelay,
  type QueueOf,
  type WebhookAudience,
} from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { WORKER_REDIS } from '../worker.tokens';
import { serversResolve, systemResolve, type ResolveAll } from './ssrf-guard';
import { sendWebhookAttempt, type AttemptOutcome } from './webhook-sender';
import { WebhookDisabledMailer } from './webhook-disabled-mailer';

/** Adds one to a user's month counter in Redis if the API keeps one (else it seeds it from PostgreSQL). */
const ADD_IF_SEEDED = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('INCRBY', KEYS[1], 1) end
return 0
`;

/** What one attempt of a delivery job did. */
export type DeliveryResult =
  | { status: 'delivered'; httpStatus: number; metered: boolean }
  | { status: 'skipped'; reason: string }
  | { status: 'retry'; error: string }
  | { status: 'failed'; error: string; endpointDisabled: boolean };

/**
 * Fan-out and delivery of webhook events: a delivery row per endpoint and event, a BullMQ job per
 * delivery whose attempts (WEBHOOKS_RETRY_DELAYS_MS, about 24 hours) each send one signed request.
 * The first 2xx delivers it (at least once: a worker killed mid-attempt leaves the job to BullMQ's
 * stalled-job recovery, which sends it again with the same `webhook-id`), and counts the event's one
 * metered call for the account (retries, replays and tests are free). A delivery whose every attempt
 * failed adds to the endpoint's run of failed deliveries; at WEBHOOKS_DISABLE_AFTER_FAILED_DELIVERIES
 * the endpoint is disabled and its owner emailed.
 */
@Injectable()
export class WebhookDeliveries {
  private readonly logger = new Logger(WebhookDeliveries.name);
  private readonly box: WebhookSecretBox;
  private readonly resolve: ResolveAll;
  private readonly monthKey: (userId: string, month: string) => string;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.webhooks) private readonly queue: QueueOf<'webhooks'>,
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    private readonly disabledMailer: WebhookDisabledMailer,
  ) {
    this.box = new WebhookSecretBox(config.keys.hashSecret);
    this.resolve = config.webhooks.dnsServers.length
      ? serversResolve(config.webhooks.dnsServers)
      : systemResolve;
    this.monthKey = usageRedisKeys(config.redis.keyPrefix).month;
  }

  /** Stores the event's deliveries and queues each (a run again queues nothing twice). */
  async fanOut(event: WebhookEventEnvelope, audience: WebhookAudience): Promise<number> {
    const ids = await new WebhooksRepository(this.em.fork()).fanOut(event, audience);
    for (const id of ids) await this.queueDelivery(id);
    return ids.length;
  }

  /** Queues the attempts of a stored delivery (one job per delivery). */
  async queueDelivery(deliveryId: string): Promise<void> {
    const retryDelaysMs = this.config.webhooks.retryDelaysMs;
    await this.queue.add(
      JOBS.deliverWebhook,
      { deliveryId, retryDelaysMs },
      deliverWebhookJobOptions(deliveryId, retryDelaysMs),
    );
  }

  /**
   * One attempt of a delivery: `attemptsMade` attempts failed before it, `attempts` in all.
   * Answers `retry` when another attempt follows (the caller fails the job so BullMQ retries it).
   */
  async attempt(
    deliveryId: string,
    job: { attemptsMade: number; attempts: number; retryDelaysMs: readonly number[] },
  ): Promise<DeliveryResult> {
    const em = this.em.fork();
    const webhooks = new WebhooksRepository(em);
    const delivery = await webhooks.findDelivery(deliveryId);
    if (!delivery) return { status: 'skipped', reason: 'delivery deleted' };
    if (delivery.status === 'delivered') return { status: 'skipped', reason: 'already delivered' };
    const endpoint = await webhooks.withSecret(delivery.endpointId);
    if (!endpoint) return { status: 'skipped', reason: 'endpoint deleted' };
    if (endpoint.status !== 'active') {
      await webhooks.attemptFailed(delivery.id, { status: null, error: 'endpoint disabled' }, null);
      return { status: 'skipped', reason: 'endpoint disabled' };
    }
    await webhooks.attemptStarted(delivery.id);
    const secret = this.openSecret(endpoint);
    const outcome: AttemptOutcome =
      secret === undefined
        ? { ok: false, status: null, error: 'signing secret unreadable (was API_KEY_HASH_SECRET changed?)' }
        : await sendWebhookAttempt(
            {
              url: endpoint.url,
              secret,
              messageId: delivery.eventId,
              body: JSON.stringify(delivery.payload),
            },
            {
              allowInsecureLocalhost: this.config.webhooks.allowInsecureLocalhost,
              timeoutMs: this.config.webhooks.timeoutMs,
              resolve: this.resolve,
            },
          );
    if (outcome.ok) {
      // Replays and test events are free; the first delivery of an event to an account counts once.
      const free = delivery.replayOf !== null || isTestEvent(delivery.payload);
      const now = new Date().toISOString();
      const metered = await webhooks.delivered(delivery, outcome.status, free ? null : now.slice(0, 10));
      if (metered) await this.redis.eval(ADD_IF_SEEDED, 1, this.monthKey(delivery.userId, now.slice(0, 7)));
      return { status: 'delivered', httpStatus: outcome.status, metered };
    }
    const final = job.attemptsMade + 1 >= job.attempts;
    const nextAttemptAt = final
      ? null
      : new Date(Date.now() + webhookRetryDelay(job.attemptsMade + 1, job.retryDelaysMs));
    await webhooks.attemptFailed(delivery.id, outcome, nextAttemptAt);
    this.logger.warn(
      `Webhook delivery ${delivery.id} to endpoint ${endpoint.id}: attempt ${job.attemptsMade + 1} of ${job.attempts} failed (${outcome.error})`,
    );
    if (!final) return { status: 'retry', error: outcome.error };
    // Tests and replays say nothing about whether the endpoint works for its events.
    if (delivery.replayOf || isTestEvent(delivery.payload)) {
      return { status: 'failed', error: outcome.error, endpointDisabled: false };
    }
    const disabled = await webhooks.deliveryExhausted(
      endpoint.id,
      this.config.webhooks.disableAfterFailedDeliveries,
      `Disabled after ${this.config.webhooks.disableAfterFailedDeliveries} deliveries in a row failed every attempt (last: ${outcome.error})`.slice(
        0,
        300,
      ),
    );
    if (disabled) {
      this.logger.warn(`Webhook endpoint ${endpoint.id} disabled after repeated failure`);
      await this.disabledMailer.enqueue(disabled.id, new Date(disabled.disabled_at));
    }
    return { status: 'failed', error: outcome.error, endpointDisabled: disabled !== null };
  }

  /** The endpoint's signing secret, or undefined when it cannot be opened (never logged either way). */
  private openSecret(endpoint: { id: string; secretSealed: string }): string | undefined {
    try {
      return this.box.open(endpoint.secretSealed, endpoint.id);
    } catch {
      this.logger.error(`Webhook endpoint ${endpoint.id}: its signing secret cannot be opened`);
      return undefined;
    }
  }
}

/** A test event sent from the dashboard or `POST …/test`: free, and no judge of the endpoint. */
export function isTestEvent(event: WebhookEventEnvelope): boolean {
  return event.id.startsWith('evt_test_');
}
