import type { WebhookEventEnvelope } from '@fxrates/domain';

/**
 * Who receives a webhook event: one account's endpoints subscribed to its type (`alert.triggered`,
 * `quota.threshold`), every endpoint subscribed to its type (`rates.published`), or, for
 * `rate.changed`, the endpoints watching that pair whose minimum change the change reaches.
 */
export type WebhookAudience =
  { userId: string } | { everyone: true } | { pair: string; changePercent: string };

/** Payload of `webhooks` / `fan-out-webhook-event`: one event and who receives it. */
export interface FanOutWebhookEventJob {
  event: WebhookEventEnvelope;
  audience: WebhookAudience;
}

/**
 * Payload of `webhooks` / `deliver-webhook`: one stored delivery (a row of webhook_deliveries), and
 * the delays between its attempts (from the config when it was queued, so a retry keeps its plan).
 */
export interface DeliverWebhookJob {
  deliveryId: string;
  retryDelaysMs: number[];
}

/** The custom backoff type of `deliver-webhook` jobs: the worker reads the delays from the job. */
export const WEBHOOK_BACKOFF_TYPE = 'webhook-schedule';

/** One fan-out per event: a second emit of the same event joins the first (BullMQ refuses ":"). */
export function webhookFanOutJobId(eventId: string): string {
  return `webhook-event.${eventId}`;
}

/** One delivery job per delivery row. */
export function webhookDeliveryJobId(deliveryId: string): string {
  return `webhook-delivery.${deliveryId}`;
}

/**
 * Options of a `deliver-webhook` job: one attempt plus one per delay, each retry after the next delay
 * (WEBHOOK_BACKOFF_TYPE). Failed jobs are kept a week for inspection; the delivery row keeps the log.
 */
export function deliverWebhookJobOptions(deliveryId: string, retryDelaysMs: readonly number[]) {
  return {
    jobId: webhookDeliveryJobId(deliveryId),
    attempts: retryDelaysMs.length + 1,
    backoff: { type: WEBHOOK_BACKOFF_TYPE },
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/** The delay before retry number `attemptsMade` (1 after the first failure) of a delivery. */
export function webhookRetryDelay(attemptsMade: number, retryDelaysMs: readonly number[]): number {
  if (retryDelaysMs.length === 0) return 0;
  return retryDelaysMs[Math.min(Math.max(attemptsMade, 1), retryDelaysMs.length) - 1];
}

/**
 * Payload of `email` / `send-webhook-disabled-email`: an endpoint the worker disabled after repeated
 * failure, and when (a later disabling of the same endpoint is another mail).
 */
export interface SendWebhookDisabledEmailJob {
  endpointId: string;
  disabledAt: string;
}

/** One mail per disabling of an endpoint (BullMQ refuses ":" in ids). */
export function webhookDisabledJobId(endpointId: string, disabledAt: string): string {
  return `webhook-disabled.${endpointId}.${Date.parse(disabledAt)}`;
}
