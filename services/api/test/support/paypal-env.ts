import type { PayPalStandIn } from '../../../../libs/paypal/src/stand-in/paypal-stand-in';

/** The environment that points the API (or worker) at a PayPal stand-in, with our plan ids. */
export function payPalEnv(paypal: PayPalStandIn, planIds: string): Record<string, string> {
  return {
    PAYPAL_API_BASE_URL: paypal.url,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_PLAN_IDS: planIds,
  };
}

/**
 * What the API asked of PayPal's webhook endpoints since this call: verify-webhook-signature calls,
 * the certificate paths fetched, and any other request.
 */
export function webhookCallsTo(paypal: PayPalStandIn): () => {
  verify: number;
  certificates: string[];
  other: string[];
} {
  const from = paypal.requests.length;
  return () => {
    const since = paypal.requests.slice(from);
    return {
      verify: since.filter((each) => each === 'POST /v1/notifications/verify-webhook-signature').length,
      certificates: since
        .filter((each) => each.startsWith('GET /v1/notifications/certs/'))
        .map((each) => each.slice('GET '.length)),
      other: since.filter(
        (each) =>
          each !== 'POST /v1/notifications/verify-webhook-signature' &&
          !each.startsWith('GET /v1/notifications/certs/'),
      ),
    };
  };
}
