import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { register } from './support/auth-client';
import { payPalEnv } from './support/paypal-env';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('POST /api/v1/subscriptions/cancel', () => {
  let paypal: PayPalStandIn;
  let t: TestApp;

  const http = () => request(t.app.getHttpServer());
  const cancel = (accessToken: string) =>
    http().post('/api/v1/subscriptions/cancel').set('Authorization', `Bearer ${accessToken}`).send();
  const planOf = async (userId: string) =>
    (await t.app.get(MikroORM).em.getConnection().execute('select plan from users where id = ?', [userId]))[0]
      .plan;
  const syncJobsFor = async (paypalId: string) =>
    (await t.app.get<Queue>(getQueueToken(QUEUES.paypalWebhooks)).getJobs(['waiting', 'delayed'])).filter(
      (job) => job.name === JOBS.syncPayPalSubscription && job.data.paypalSubscriptionId === paypalId,
    );

  async function subscribed() {
    const { res, accessToken } = await register(t.app);
    const userId: string = res.body.user.uid;
    const paypalId = paypal.createSubscription({ plan_id: 'P-BASIC-ANNUAL', custom_id: userId }).id;
    await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ plan: 'basic', billingCycle: 'annual', paypalSubscriptionId: paypalId })
      .expect(201);
    return { userId, accessToken, paypalId };
  }

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ plans: { 'P-BASIC-ANNUAL': { interval: 'YEAR', price: '167.88' } } });
    t = await startTestApp(
      testConfig({
        ...payPalEnv(paypal, 'basic.annual=P-BASIC-ANNUAL'),
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });
  afterEach(() => {
    paypal.down = false;
  });

  it('cancels at PayPal, shows the subscription cancelled and keeps the plan until the period ends', async () => {
    const { userId, accessToken, paypalId } = await subscribed();
    const res = await cancel(accessToken).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      subscription: { paypalSubscriptionId: paypalId, status: 'cancelled', plan: 'basic' },
    });
    expect(res.body.subscription.currentPeriodEnd).not.toBeNull();
    expect(paypal.subscription(paypalId)!.status).toBe('CANCELLED');
    expect(await planOf(userId)).toBe('basic');
    expect(await syncJobsFor(paypalId)).toHaveLength(1);
    const account = await http()
      .get('/api/account')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    expect(account.body).toMatchObject({ plan: 'basic', status: 'cancelled' });
  });

  it('answers 404 when there is nothing to cancel', async () => {
    const { accessToken } = await register(t.app);
    const res = await cancel(accessToken).expect(404);
    expect(res.body).toMatchObject({ code: 'subscription-not-found', success: false });
  });

  it('answers 409 when PayPal says it is no longer active, and asks the worker to re-read it', async () => {
    const { accessToken, paypalId } = await subscribed();
    paypal.setStatus(paypalId, 'EXPIRED');
    const res = await cancel(accessToken).expect(409);
    expect(res.body.code).toBe('subscription-not-active');
    expect(await syncJobsFor(paypalId)).toHaveLength(1);
  });

  it('answers 502 when PayPal is down, and changes nothing', async () => {
    const { accessToken, paypalId } = await subscribed();
    paypal.down = true;
    const res = await cancel(accessToken).expect(502);
    expect(res.body).toMatchObject({ code: 'payment-provider-unavailable', success: false });
    expect(res.headers['retry-after']).toBe('60');
    paypal.down = false;
    expect(paypal.subscription(paypalId)!.status).toBe('ACTIVE');
    const account = await http()
      .get('/api/account')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    expect(account.body.status).toBe('active');
  });
});
