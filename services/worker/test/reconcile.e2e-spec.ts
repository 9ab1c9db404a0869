import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { signedInUser } from '../../api/test/support/signed-in';
import { payPalEnv } from '../../api/test/support/paypal-env';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startTestApp, type TestApp } from '../../api/test/test-app';
import { testConfig } from '../../api/test/test-config';
import { ReconcileModule } from '../src/reconcile/reconcile.module';
import { SubscriptionReconciler } from '../src/reconcile/subscription-reconciler';
import { billingProbe } from './support/billing-probe';

const BASIC_MONTHLY = 'P-RECONCILE-BASIC-MONTHLY';
const ENTERPRISE_MONTHLY = 'P-RECONCILE-ENTERPRISE-MONTHLY';

describe('reconciling subscriptions with PayPal', () => {
  let paypal: PayPalStandIn;
  let api: TestApp;
  let reconcile: INestApplicationContext;

  /** The subscription's row as stored, and the plan its user is on. */
  const row = async (paypalId: string) => {
    const probe = billingProbe({ api, paypal });
    const subscription = await probe.subscriptionRow(paypalId);
    return {
      status: subscription.status,
      plan: subscription.plan,
      currentPeriodEnd: subscription.currentPeriodEnd,
      userPlan: await probe.planOf(subscription.user.id),
    };
  };

  async function subscribed(): Promise<string> {
    const { id: userId, accessToken } = await signedInUser(api.app);
    const paypalId = paypal.createSubscription({ plan_id: BASIC_MONTHLY, custom_id: userId }).id;
    await request(api.app.getHttpServer())
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ plan: 'basic', billingCycle: 'monthly', paypalSubscriptionId: paypalId })
      .expect(201);
    return paypalId;
  }

  beforeAll(async () => {
    paypal = await startPayPalStandIn({
      plans: {
        [BASIC_MONTHLY]: { interval: 'MONTH', price: '15.99' },
        [ENTERPRISE_MONTHLY]: { interval: 'MONTH', price: '99.99' },
      },
    });
    const config = testConfig(
      payPalEnv(paypal, `basic.monthly=${BASIC_MONTHLY},enterprise.monthly=${ENTERPRISE_MONTHLY}`),
    );
    api = await startTestApp(config);
    reconcile = await NestFactory.createApplicationContext(ReconcileModule.forRoot(config), {
      logger: false,
    });
  });
  afterAll(async () => {
    await reconcile.close();
    await api.close();
    await paypal.close();
  });

  it('applies what PayPal says about every active subscription, with progress', async () => {
    const cancelled = await subscribed();
    const renewed = await subscribed();
    const unchanged = await subscribed();
    const firstDue = (await row(renewed)).currentPeriodEnd!;
    paypal.setStatus(cancelled, 'CANCELLED'); // webhooks missed
    paypal.renew(renewed);

    const lines: string[] = [];
    const summary = await reconcile
      .get(SubscriptionReconciler)
      .run({ write: (text: string) => lines.push(text) });

    expect((await row(cancelled)).status).toBe('cancelled');
    expect((await row(cancelled)).userPlan).toBe('basic');
    expect((await row(renewed)).currentPeriodEnd!.getTime()).toBeGreaterThan(firstDue.getTime());
    expect((await row(unchanged)).status).toBe('active');
    expect(summary.applied).toBeGreaterThanOrEqual(3);
    expect(summary.failed).toBe(0);
    const output = lines.join('');
    // Not a terminal: the bar's first and last states as lines (and one every 5 s in between), not one per row.
    expect(output).toMatch(new RegExp(`^\\[░{30}\\]   0% 0/${summary.total}  \n`));
    expect(output).toMatch(
      new RegExp(`\n\\[█{30}\\] 100% ${summary.total}/${summary.total}  \\S+ applied\n`),
    );
    expect(output).not.toContain('\x1b');
    expect(lines.at(-1)).toMatch(/^Reconciled \d+: \d+ applied/);
  });

  it('grants a higher tier PayPal shows only once PayPal billed its price', async () => {
    const revised = await subscribed();
    // Revised at PayPal to Enterprise without paying the difference (approved at PayPal, our API never asked).
    Object.assign(paypal.subscription(revised)!, {
      plan_id: ENTERPRISE_MONTHLY,
      update_time: new Date().toISOString(),
    });
    const run = () => reconcile.get(SubscriptionReconciler).run({ write: () => true });
    await run();
    expect([(await row(revised)).plan, (await row(revised)).userPlan]).toEqual(['basic', 'basic']);
    paypal.renew(revised); // PayPal's next payment, at the Enterprise price
    await run();
    expect([(await row(revised)).plan, (await row(revised)).userPlan]).toEqual(['enterprise', 'enterprise']);
  });

  it('ends the paid plans whose period is over, and says how many', async () => {
    const lapsed = await subscribed();
    await billingProbe({ api, paypal }).updateSubscription(lapsed, {
      status: 'cancelled',
      currentPeriodEnd: new Date(Date.now() - 86_400_000),
    });
    expect((await row(lapsed)).userPlan).toBe('basic');

    const lines: string[] = [];
    const summary = await reconcile
      .get(SubscriptionReconciler)
      .run({ write: (text: string) => lines.push(text) });

    expect((await row(lapsed)).userPlan).toBe('free');
    expect(summary.lapsed).toBeGreaterThanOrEqual(1);
    expect(lines.at(-1)).toContain(`; ${summary.lapsed} lapsed plan(s) ended`);
  });
});
