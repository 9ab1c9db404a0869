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
