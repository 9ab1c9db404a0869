import { randomBytes } from 'node:crypto';
import { startScriptedServer, type ScriptedAnswer, type ScriptedServer } from './scripted-server';

export const json = (body: unknown, status = 200): ScriptedAnswer => ({ status, body: JSON.stringify(body) });

/** PayPal's answer to GET /v1/billing/subscriptions/{id} for an active subscription, as PayPal writes it. */
export function activeSubscription(id: string, customId: string, planId: string, price = '15.99') {
  const now = new Date();
  const next = new Date(now);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return {
    id,
    plan_id: planId,
    status: 'ACTIVE',
    status_update_time: now.toISOString(),
    start_time: now.toISOString(),
    create_time: now.toISOString(),
    update_time: now.toISOString(),
    quantity: '1',
    custom_id: customId,
    plan_overridden: false,
    subscriber: { email_address: 'buyer@example.com', payer_id: 'PAYERID12345', name: { given_name: 'A' } },
    billing_info: {
      outstanding_balance: { currency_code: 'USD', value: '0.0' },
      cycle_executions: [],
      last_payment: { amount: { currency_code: 'USD', value: price }, time: now.toISOString() },
      next_billing_time: next.toISOString(),
      failed_payments_count: 0,
    },
    links: [],
  };
}

/**
 * PayPal's REST API on loopback with answers a test scripts per endpoint: a PayPal (or whatever
 * sits at its address) that answers garbage, wrong types, errors or nothing at all. The token
 * endpoint answers as PayPal does unless scripted otherwise; the others answer 404.
 */
export interface ScriptedPayPal {
  server: ScriptedServer;
  /** POST /v1/oauth2/token */
  token: () => ScriptedAnswer;
  /** GET /v1/billing/subscriptions/{id} */
  subscription: (id: string) => ScriptedAnswer;
  /** GET /v1/notifications/certs/{id}: a webhook signing certificate. */
  certificate: (id: string) => ScriptedAnswer;
  /** POST /v1/notifications/verify-webhook-signature: never called by the API (its count, to check). */
  verifyCalls: number;
  /** The environment that points the API at it, with these plan ids ("basic.monthly=P-…"). */
  env(planIds: string): Record<string, string>;
  close(): Promise<void>;
}

export const goodToken = (): ScriptedAnswer =>
  json({
    scope: 'https://uri.paypal.com/services/subscriptions',
    access_token: `A21AA${randomBytes(24).toString('base64url')}`,
    token_type: 'Bearer',
    app_id: 'APP-80W284485P519543T',
    expires_in: 32_400,
    nonce: randomBytes(8).toString('hex'),
  });

const paypalNotFound = () =>
  json({ name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' }, 404);

export async function startScriptedPayPal(): Promise<ScriptedPayPal> {
  const server = await startScriptedServer();
  const paypal: ScriptedPayPal = {
    server,
    token: goodToken,
    subscription: paypalNotFound,
    certificate: paypalNotFound,
    verifyCalls: 0,
    env: (planIds) => ({
      PAYPAL_API_BASE_URL: server.url,
      PAYPAL_CLIENT_ID: 'scripted-client',
      PAYPAL_CLIENT_SECRET: 'scripted-secret',
      PAYPAL_WEBHOOK_ID: 'SCRIPTEDWEBHOOK01',
      PAYPAL_PLAN_IDS: planIds,
    }),
    close: () => server.close(),
  };
  server.script = ({ method, path }) => {
    if (method === 'POST' && path === '/v1/oauth2/token') return paypal.token();
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') paypal.verifyCalls += 1;
    const cert = /^\/v1\/notifications\/certs\/([^/]+)$/.exec(path);
    if (method === 'GET' && cert) return paypal.certificate(decodeURIComponent(cert[1]));
    const match = /^\/v1\/billing\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) return paypal.subscription(decodeURIComponent(match[1]));
    return paypalNotFound();
  };
  return paypal;
}
