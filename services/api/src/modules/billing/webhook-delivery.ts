import { ErrorCode } from '@fxrates/domain';
import { isKnownWebhookAuthAlgo } from '@fxrates/paypal';
import { AppException } from '../../common/errors';

/**
 * The most a webhook body may be: PayPal's events (a subscription or a sale with its links) are a
 * few KB, so this is ten times the largest, and half the API's general limit.
 */
export const PAYPAL_WEBHOOK_BODY_LIMIT_BYTES = 32 * 1024;

/** A PayPal webhook delivery as received: its PAYPAL-* headers and the exact body bytes. */
export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export interface ParsedDelivery {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  event: { id: string; event_type: string; resource?: Record<string, unknown> };
}

/** What a delivery is judged against before anything costly is done with it. */
export interface DeliveryRules {
  /** Whether PAYPAL-CERT-URL is one we would fetch (PayPalWebhookCertificates.isAllowedUrl). */
  isAllowedCertUrl(url: string): boolean;
  /** PAYPAL_WEBHOOK_TOLERANCE_MS */
  toleranceMs: number;
  now: number;
}

export const invalidSignature = (reason: string) =>
  new AppException(ErrorCode.WebhookSignatureInvalid, 'The webhook signature is invalid.', reason);

/** PayPal's transmission ids are UUIDs; its signatures base64 of a 2048-bit (or larger) RSA key. */
const LIMITS = {
  'paypal-transmission-id': 100,
  'paypal-transmission-time': 40,
  'paypal-transmission-sig': 1400,
  'paypal-auth-algo': 40,
  'paypal-cert-url': 500,
} as const;

function header(delivery: WebhookDelivery, name: keyof typeof LIMITS): string {
  const value = delivery.headers[name];
  if (typeof value !== 'string' || value === '') throw invalidSignature(`${name} missing`);
  if (value.length > LIMITS[name]) throw invalidSignature(`${name} longer than ${LIMITS[name]} characters`);
  return value;
}

/** An RFC 3339 date-time, as PayPal writes PAYPAL-TRANSMISSION-TIME (e.g. 2016-09-21T22:00:46Z). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The headers and event of a delivery, or its refusal, from the delivery alone: every header there
 * and within its length, an algorithm we verify, a transmission time within `toleranceMs` of now
 * (400 `webhook-stale`), a certificate URL of PayPal's, and a PayPal event as the body. Nothing is
 * fetched or stored for a delivery refused here.
 */
export function parseDelivery(delivery: WebhookDelivery, rules: DeliveryRules): ParsedDelivery {
  const transmissionId = header(delivery, 'paypal-transmission-id');
  const transmissionTime = header(delivery, 'paypal-transmission-time');
  const transmissionSig = header(delivery, 'paypal-transmission-sig');
  const authAlgo = header(delivery, 'paypal-auth-algo');
  const certUrl = header(delivery, 'paypal-cert-url');
  const sentAt = DATE_TIME.test(transmissionTime) ? Date.parse(transmissionTime) : NaN;
  if (Number.isNaN(sentAt)) throw invalidSignature('paypal-transmission-time is not a date-time');
  if (Math.abs(rules.now - sentAt) > rules.toleranceMs) {
    throw new AppException(
      ErrorCode.WebhookStale,
      `The webhook was sent at ${transmissionTime}, more than ${rules.toleranceMs / 1000} seconds from now.`,
    );
  }
  if (!isKnownWebhookAuthAlgo(authAlgo))
    throw invalidSignature(`auth algorithm ${authAlgo} is not one we verify`);
  if (!rules.isAllowedCertUrl(certUrl))
    throw invalidSignature('certificate URL is not a PayPal certificate URL');
  let event: unknown;
  try {
    event = JSON.parse(delivery.rawBody.toString('utf8'));
  } catch {
    throw invalidSignature('body is not JSON');
  }
  const { id, event_type: type } = (event ?? {}) as Record<string, unknown>;
  if (
    typeof event !== 'object' ||
    Array.isArray(event) ||
    typeof id !== 'string' ||
    typeof type !== 'string'
  ) {
    throw invalidSignature('body is not a PayPal event');
  }
  return {
    authAlgo,
    certUrl,
    transmissionId,
    transmissionSig,
    transmissionTime,
    event: event as ParsedDelivery['event'],
  };
}
