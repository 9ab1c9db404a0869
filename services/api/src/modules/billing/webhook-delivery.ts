import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/app-exception';

/** A PayPal webhook delivery as received: its PAYPAL-* headers and the exact body bytes. */
export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface ParsedDelivery {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  event: { id: string; event_type: string; resource?: Record<string, unknown> };
}

export const invalidSignature = (reason: string) =>
  new AppException(ErrorCode.WebhookSignatureInvalid, 'The webhook signature is invalid.', reason);

/** PayPal serves its signing certificates from its own hosts only; anything else is refused unasked. */
export function isPayPalCertUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && !url.port && (host === 'paypal.com' || host.endsWith('.paypal.com'));
}

function header(delivery: WebhookDelivery, name: string): string {
  const value = delivery.headers[name];
  if (typeof value !== 'string' || value === '' || value.length > 2000)
    throw invalidSignature(`${name} missing`);
  return value;
}

/** The headers and event of a delivery, or a 400 before anything is asked of PayPal. */
export function parseDelivery(delivery: WebhookDelivery): ParsedDelivery {
  const certUrl = header(delivery, 'paypal-cert-url');
  if (!isPayPalCertUrl(certUrl)) throw invalidSignature('certificate URL is not on a PayPal host');
  let event: unknown;
  try {
    event = JSON.parse(delivery.rawBody);
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
    authAlgo: header(delivery, 'paypal-auth-algo'),
    certUrl,
    transmissionId: header(delivery, 'paypal-transmission-id'),
    transmissionSig: header(delivery, 'paypal-transmission-sig'),
    transmissionTime: header(delivery, 'paypal-transmission-time'),
    event: event as ParsedDelivery['event'],
  };
}
