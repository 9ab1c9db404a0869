import type { WebhookDelivery, WebhookEndpoint } from '@fxrates/db';
import type { WebhookDeliveryView, WebhookEndpointView } from '@fxrates/domain';

/** "0.1000" → "0.1", "5.0000" → "5". */
export function decimalText(value: string | number): string {
  const text = String(value);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

export function toEndpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: [...endpoint.events],
    pairs: [...endpoint.pairs],
    minChangePercent: decimalText(endpoint.minChangePercent),
    status: endpoint.status,
    disabledReason: endpoint.status === 'disabled' ? endpoint.disabledReason : null,
    createdAt: endpoint.createdAt.toISOString(),
  };
}

export function toDeliveryView(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    type: delivery.type,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatus: delivery.lastStatus,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    replayOf: delivery.replayOf,
  };
}
