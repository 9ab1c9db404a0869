import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '@fxrates/db';
import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { signedInUser } from './support/signed-in';
import { payPalEnv } from './support/paypal-env';
import { planQuotes } from './support/plan-quotes';
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
    (await t.app.get(MikroORM).em.fork().findOneOrFail(User, userId)).plan;
  const syncJobsFor = async (paypalId: string) =>
    (await t.app.get<Queue>(getQueueToken(QUEUES.paypalWebhooks)).getJobs(['waiting', 'delayed'])).filter(
      (job) => job.name === JOBS.syncPayPalSubscription && job.data.paypalSubscriptionId === paypalId,
    );

  async function subscribed() {
    const { id: userId, accessToken } = await signedInUser(t.app);
    const paypalId = paypal.createSubscription({ plan_id: 'P-BASIC-ANNUAL', custom_id: userId }).id;
    await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ plan: 'basic', billingCycle: 'annual', paypalSubscriptionId: paypalId })
      .expect(201);
    return { userId, accessToken, paypalId };
  }

  beforeAll(async () => {
    paypal = await startPayPalStandIn({
      plans: {
        'P-BASIC-ANNUAL': { interval: 'YEAR', price: '167.88' },
        'P-ENTERPRISE-MONTHLY': { interval: 'MONTH', price: '99.99' },
      },
    });
    t = await startTestApp(
      testConfig({
        ...payPalEnv(paypal, 'basic.annual=P-BASIC-ANNUAL,enterprise.monthly=P-ENTERPRISE-MONTHLY'),
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
    const requestId = `cancel-${randomUUID()}`;
    const res = await cancel(accessToken).set('X-Request-Id', requestId).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      subscription: { paypalSubscriptionId: paypalId, status: 'cancelled', plan: 'basic' },
    });
    expect(res.body.subscription.currentPeriodEnd).not.toBeNull();
    expect(paypal.subscription(paypalId)!.status).toBe('CANCELLED');
    expect(await planOf(userId)).toBe('basic');
    // The request's id goes with the job: the worker's log lines of it carry it (docs/observability.md).
    expect((await syncJobsFor(paypalId)).map((job) => job.data.requestId)).toEqual([requestId]);
    const account = await http()
      .get('/api/account')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    expect(account.body).toMatchObject({ plan: 'basic', status: 'cancelled' });
  });

  it('answers 404 when there is nothing to cancel', async () => {
    const { accessToken } = await signedInUser(t.app);
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

  describe('a paid period is never lost', () => {
    const subscribe = (
      accessToken: string,
      plan: string,
      billingCycle: string,
      paypalSubscriptionId: string,
    ) =>
      http()
        .post('/api/v1/subscriptions')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ plan, billingCycle, paypalSubscriptionId });
    const account = async (accessToken: string) =>
      (await http().get('/api/account').set('Authorization', `Bearer ${accessToken}`).expect(200)).body;
    const quotes = (accessToken: string) => planQuotes(t.app, accessToken);

    /** A Basic annual subscriber who cancelled with (almost) the whole paid year left. */
    async function cancelledWithAYearLeft() {
      const subscriber = await subscribed();
      await cancel(subscriber.accessToken).expect(200);
      const paidUntil: string = (await account(subscriber.accessToken)).currentPeriodEnd;
      expect(new Date(paidUntil).getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);
      return { ...subscriber, paidUntil };
    }

    it('resumes a cancelled subscription before its end without charging for the paid year again', async () => {
      const { userId, accessToken, paidUntil } = await cancelledWithAYearLeft();
      const resume = (await quotes(accessToken)).quotes.find(
        (each) => each.plan === 'basic' && each.billingCycle === 'annual',
      );
      expect(resume).toEqual(
        expect.objectContaining({
          direction: 'same',
          timing: 'period-end',
          chargeToday: '0.00',
          effectiveAt: paidUntil,
          recurringAmount: '167.88',
          recurringFrom: paidUntil,
        }),
      );
      const resumed = paypal.createSubscription({
        plan_id: 'P-BASIC-ANNUAL',
        custom_id: userId,
        start_time: paidUntil,
      });
      const requestId = `resume-${randomUUID()}`;
      const res = await subscribe(accessToken, 'basic', 'annual', resumed.id)
        .set('X-Request-Id', requestId)
        .expect(201);
      expect(res.body.subscription).toMatchObject({
        status: 'active',
        startDate: paidUntil,
        currentPeriodEnd: paidUntil,
      });
      expect(paypal.sales(resumed.id)).toEqual([]);
      expect(await planOf(userId)).toBe('basic');
      expect(await account(accessToken)).toMatchObject({
        plan: 'basic',
        status: 'active',
        pendingChange: null,
      });
      expect((await syncJobsFor(resumed.id)).map((job) => [job.opts.delay! > 0, job.data.requestId])).toEqual(
        [[true, requestId]],
      );
    });

    it('starts another plan bought while paid time remains when that time ends, and keeps the paid plan until then', async () => {
      const { userId, accessToken, paidUntil } = await cancelledWithAYearLeft();
      const enterprise = (await quotes(accessToken)).quotes.find(
        (each) => each.plan === 'enterprise' && each.billingCycle === 'monthly',
      );
      expect(enterprise).toMatchObject({
        timing: 'period-end',
        chargeToday: '0.00',
        effectiveAt: paidUntil,
        recurringAmount: '99.99',
      });
      const next = paypal.createSubscription({
        plan_id: 'P-ENTERPRISE-MONTHLY',
        custom_id: userId,
        start_time: paidUntil,
      });
      await subscribe(accessToken, 'enterprise', 'monthly', next.id).expect(201);
      expect(await planOf(userId)).toBe('basic');
      expect(await account(accessToken)).toMatchObject({
        plan: 'basic',
        status: 'cancelled',
        currentPeriodEnd: paidUntil,
        pendingChange: { plan: 'enterprise', billingCycle: 'monthly', effectiveAt: paidUntil },
      });
      expect((await quotes(accessToken)).status).toBe('scheduled');
    });

    it('refuses a new subscription that would start billing before the paid year ends, and cancels it at PayPal', async () => {
      const { userId, accessToken, paypalId } = await cancelledWithAYearLeft();
      const now = paypal.createSubscription({ plan_id: 'P-ENTERPRISE-MONTHLY', custom_id: userId });
      const res = await subscribe(accessToken, 'enterprise', 'monthly', now.id);
      expect([res.status, res.body.code]).toEqual([409, 'paid-period-remaining']);
      expect(res.body.message).toContain('We cancelled the one that started today');
      expect(paypal.subscription(now.id)!.status).toBe('CANCELLED');
      expect(await planOf(userId)).toBe('basic');
      expect(await account(accessToken)).toMatchObject({ plan: 'basic', status: 'cancelled' });
      expect(paypal.subscription(paypalId)!.status).toBe('CANCELLED');
    });
  });
});
