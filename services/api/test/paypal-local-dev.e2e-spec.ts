import { MikroORM } from '@mikro-orm/postgresql';
import { WebhookEvent } from '@fxrates/db';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import {
  localPayPalEnv,
  LOCAL_PAYPAL_APP,
  localPayPalPlans,
} from '../../../libs/paypal/src/stand-in/local-paypal';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { sendStandInWebhook } from '../../../libs/paypal/src/stand-in/send-webhook';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/**
 * `PAYPAL_STAND_IN=1 npm start`: the API configured by localPayPalEnv against the stand-in as its
 * main.ts starts it, a checkout the way the SDK stand-in makes one, and a webhook sent the way
 * `npm run paypal:webhook` sends it, verified and stored by the API.
 */
describe('PayPal stand-in for local development', () => {
  let paypal: PayPalStandIn;
  let t: TestApp;
  let apiUrl: string;
  const { PUBLIC_PAYPAL_SDK_URL: sdkUrl, ...backendEnv } = localPayPalEnv('http://stand-in.invalid');

  beforeAll(async () => {
    // The API must listen before the stand-in knows where to deliver webhooks: start it on a port first.
    paypal = await startPayPalStandIn({ ...LOCAL_PAYPAL_APP, plans: localPayPalPlans() });
    t = await startTestApp(testConfig({ ...localPayPalEnv(paypal.url), PUBLIC_PAYPAL_SDK_URL: '' }));
    await t.app.listen(0, '127.0.0.1');
    apiUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    await paypal.close();
    paypal = await startPayPalStandIn({
      ...LOCAL_PAYPAL_APP,
      plans: localPayPalPlans(),
      port: Number(new URL(paypal.url).port),
      webhookTarget: `${apiUrl}/api/billing/paypal/webhook`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });

  it('configures all six plans, priced from our price table, and the SDK URL for the browser', () => {
    expect(sdkUrl).toBe('http://stand-in.invalid/sdk/js');
    expect(backendEnv.PAYPAL_PLAN_IDS.split(',')).toHaveLength(6);
    expect(localPayPalPlans()['P-LOCAL-BASIC-ANNUAL']).toEqual({ interval: 'YEAR', price: '167.88' });
    expect(localPayPalPlans()['P-LOCAL-BASIC-MONTHLY']).toEqual({ interval: 'MONTH', price: '15.99' });
  });

  it('serves a JS SDK whose button creates subscriptions at the stand-in, from any origin', async () => {
    const sdk = await fetch(
      `${paypal.url}/sdk/js?client-id=${LOCAL_PAYPAL_APP.clientId}&intent=subscription`,
    );
    expect(sdk.headers.get('content-type')).toBe('application/javascript');
    const script = await sdk.text();
    expect(script).toContain(`${paypal.url}/__stand-in/subscriptions`);
    expect(script).toContain('"?client-id=local-stand-in-client&intent=subscription"');
    const preflight = await fetch(`${paypal.url}/__stand-in/subscriptions`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('checks out against the stand-in, then delivers a signed webhook the API verifies and applies', async () => {
    const { accessToken, id: userId } = await signedInUser(t.app);
    // What the SDK stand-in's button does when the buyer approves.
    const created = await fetch(`${paypal.url}/__stand-in/subscriptions`, {
      method: 'POST',
      body: JSON.stringify({ plan_id: 'P-LOCAL-BASIC-ANNUAL', custom_id: userId }),
    });
    const { id } = (await created.json()) as { id: string };
    const subscribed = await request(t.app.getHttpServer())
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({
        paypalSubscriptionId: id,
        paymentId: id,
        plan: 'basic',
        billingCycle: 'annual',
        amount: 167.88,
      })
      .expect(201);
    expect(subscribed.body).toMatchObject({
      success: true,
      subscription: { plan: 'basic', amount: '167.88' },
    });

    const report = await sendStandInWebhook(paypal.url, 'BILLING.SUBSCRIPTION.SUSPENDED', id);
    // As PayPal would, the stand-in suspended the subscription before announcing it.
    expect(paypal.subscription(id)?.status).toBe('SUSPENDED');
    expect(report).toMatchObject({ status: 200, delivered_to: `${apiUrl}/api/billing/paypal/webhook` });
    const stored = await t.app
      .get(MikroORM)
      .em.fork()
      .findOneOrFail(WebhookEvent, { eventId: report.event_id });
    expect({ type: stored.type, resourceId: stored.resourceId }).toEqual({
      type: 'BILLING.SUBSCRIPTION.SUSPENDED',
      resourceId: id,
    });

    const due = paypal.subscription(id)!.billing_info!.next_billing_time!;
    await sendStandInWebhook(paypal.url, 'PAYMENT.SALE.COMPLETED', id);
    expect(paypal.subscription(id)).toMatchObject({ status: 'ACTIVE' });
    expect(Date.parse(paypal.subscription(id)!.billing_info!.next_billing_time!)).toBeGreaterThan(
      Date.parse(due),
    );

    await expect(
      sendStandInWebhook(paypal.url, 'BILLING.SUBSCRIPTION.CANCELLED', 'I-NOT-HERE'),
    ).rejects.toThrow(/subscription this stand-in holds/);
  });
});
