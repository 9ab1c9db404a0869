import type { WebhookDeliveryView, WebhookEndpointView } from '@fxrates/domain';
import { formatDateTime } from '@fxrates/web-kit';

/** An endpoint's status as its row says it: "Active", or "Disabled" with why. */
export function endpointStatusText(endpoint: Pick<WebhookEndpointView, 'status' | 'disabledReason'>): {
  label: string;
  reason: string | null;
} {
  if (endpoint.status === 'active') return { label: 'Active', reason: null };
  return { label: 'Disabled', reason: endpoint.disabledReason };
}

/** The events an endpoint receives, with the pairs and minimum change that `rate.changed` watches. */
export function endpointEventLines(
  endpoint: Pick<WebhookEndpointView, 'events' | 'pairs' | 'minChangePercent'>,
): string[] {
  return endpoint.events.map((event) => {
    if (event !== 'rate.changed') return event;
    const pairs = endpoint.pairs.length > 0 ? endpoint.pairs.join(', ') : 'no pairs';
    return `rate.changed (${pairs}; at least ${endpoint.minChangePercent} %)`;
  });
}

/** What the last attempt of a delivery got: "HTTP 200", "HTTP 500: timeout", "timeout", or "No attempt yet". */
export function deliveryOutcome(
  delivery: Pick<WebhookDeliveryView, 'lastStatus' | 'lastError' | 'attempts'>,
): string {
  const status = delivery.lastStatus === null ? null : `HTTP ${delivery.lastStatus}`;
  if (status && delivery.lastError) return `${status}: ${delivery.lastError}`;
  if (status) return status;
  if (delivery.lastError) return delivery.lastError;
  return delivery.attempts === 0 ? 'No attempt yet' : 'No answer';
}

/** The times of a delivery as its row lists them: created, then delivered or the next attempt. */
export function deliveryTimes(
  delivery: Pick<WebhookDeliveryView, 'createdAt' | 'deliveredAt' | 'nextAttemptAt'>,
): string[] {
  const lines = [`Created ${formatDateTime(delivery.createdAt)}`];
  if (delivery.deliveredAt) lines.push(`Delivered ${formatDateTime(delivery.deliveredAt)}`);
  else if (delivery.nextAttemptAt) lines.push(`Next attempt ${formatDateTime(delivery.nextAttemptAt)}`);
  return lines;
}

/** "1 attempt", "3 attempts". */
export function attemptsText(attempts: number): string {
  return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
}

/**
 * The log after a fresh first page came: its deliveries (newest first) replace the ones shown with
 * the same id and go on top when new; the older pages loaded stay below, in their order.
 */
export function mergeDeliveries(
  shown: readonly WebhookDeliveryView[],
  fresh: readonly WebhookDeliveryView[],
): WebhookDeliveryView[] {
  const freshIds = new Set(fresh.map((delivery) => delivery.id));
  return [...fresh, ...shown.filter((delivery) => !freshIds.has(delivery.id))];
}

/** True while a delivery shown may still change (the log keeps asking until none is pending). */
export function anyPending(deliveries: readonly Pick<WebhookDeliveryView, 'status'>[]): boolean {
  return deliveries.some((delivery) => delivery.status === 'pending');
}
