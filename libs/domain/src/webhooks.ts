/**
 * Webhook events (the Standard Webhooks convention: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256>`). Shared by the API (endpoint management), the
 * worker (fan-out and delivery) and the dashboard.
 */
export const WEBHOOK_EVENT_TYPES = [
  'rates.published',
  'rate.changed',
  'alert.triggered',
  'quota.threshold',
  'fixing.published',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** One event as every endpoint subscribed to its type receives it (the body of each delivery). */
export interface WebhookEventEnvelope<Data = Record<string, unknown>> {
  /** Stable across retries and replays: receivers de-duplicate on it (`webhook-id` too). */
  id: string;
  type: WebhookEventType;
  /** ISO 8601 UTC, when the event happened (not when this attempt was sent). */
  createdAt: string;
  data: Data;
}

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** An endpoint as the API answers it (`/api/webhooks`, `/api/v1/webhooks`); never its secret. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  /** For `rate.changed`: the pairs watched, "EUR/USD"; empty: none. */
  pairs: string[];
  /** For `rate.changed`: the least change, in percent as a decimal string ("0.1"), that is sent. */
  minChangePercent: string;
  status: 'active' | 'disabled';
  /** Why it is disabled: by its owner, or after repeated failure (with when). */
  disabledReason: string | null;
  createdAt: string;
}

/** `POST /api/webhooks` and `POST /api/v1/webhooks`: the one answer that carries the secret. */
export interface CreatedWebhookEndpoint {
  endpoint: WebhookEndpointView;
  /** `whsec_<base64>`, shown once (the Standard Webhooks secret format). */
  secret: string;
}

export interface WebhookEndpointList {
  endpoints: WebhookEndpointView[];
  /** The most endpoints the account's plan may have. */
  limit: number;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event sent (or being sent) to one endpoint, with its attempts summarised. */
export interface WebhookDeliveryView {
  id: string;
  eventId: string;
  type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The HTTP status of the last attempt; null when none got an answer. */
  lastStatus: number | null;
  /** What went wrong last ("timeout", "refused: 10.0.0.1 is a private address", …). */
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
  /** A replay of another delivery (its id). */
  replayOf: string | null;
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDeliveryView[];
  nextCursor: string | null;
}
