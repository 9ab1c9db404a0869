import { MikroORM } from '@mikro-orm/postgresql';
import { Payment, Subscription, User } from '@fxrates/db';
import request from 'supertest';
import { signedInUser } from './support/signed-in';
import { payPalEnv } from './support/paypal-env';
import { planQuotes } from './support/plan-quotes';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { UPGRADE_PAYMENTS_PER_HOUR } from '../src/modules/billing/plan-change-payments.service';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';
import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';

const PLAN_IDS = {
  basicAnnual: 'P-BASIC-ANNUAL',
  proMonthly: 'P-PRO-MONTHLY',
  proAnnual: 'P-PRO-ANNUAL',
  enterpriseMonthly: 'P-ENTERPRISE-MONTHLY',
};
const WEB = 'https://web.fxrates.test';
const DAY = 24 * 3600 * 1000;
const RETURN = { returnUrl: `${WEB}/account?plan-change=approved`, cancelUrl: `${WEB}/account` };

describe('changing plan through PayPal revise', () => {
  let paypal: PayPalStandIn;
  let t: TestApp;

  const http = () => request(t.app.getHttpServer());
  const em = () => t.app.get(MikroORM).em.fork();
  const planOf = async (userId: string) => (await em().findOneOrFail(User, userId)).plan;
  const paymentOf = (paymentId: string) => em().findOneOrFail(Payment, paymentId);
  const subscriptionOf = (paypalSubscriptionId: string) =>
    em().findOneOrFail(Subscription, { paypalSubscriptionId });

  const post = (path: string, accessToken: string, body: object = {}) =>
    http()
      .post(`/api/v1/subscriptions${path}`)
      .set('Authorization', `Bearer ${accessToken}`)
      .set('Origin', WEB)
      .send(body);
  const change = (accessToken: string, plan: string, billingCycle: string, urls: object = RETURN) =>
    post('/change', accessToken, { plan, billingCycle, ...urls });
  const confirm = (accessToken: string) => post('/change/confirm', accessToken);
  const account = async (accessToken: string) =>
    (await http().get('/api/account').set('Authorization', `Bearer ${accessToken}`).expect(200)).body;
  /** The request ids of the worker's syncs of a subscription waiting to run (a scheduled change's). */
  const syncRequestIds = async (paypalId: string) =>
    (await t.app.get<Queue>(getQueueToken(QUEUES.paypalWebhooks)).getJobs(['waiting', 'delayed']))
      .filter((job) => job.name === JOBS.syncPayPalSubscription && job.data.paypalSubscriptionId === paypalId)
      .map((job) => job.data.requestId as string);

  function expectProblem(res: request.Response, status: number, code: string) {
    expect([res.status, res.body.code]).toEqual([status, code]);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  }

  /** A new user subscribed through the API as the subscribe page does, with an API key. */
  async function subscriber(planId = PLAN_IDS.proAnnual, plan = 'professional', billingCycle = 'annual') {
    const { id: userId, accessToken } = await signedInUser(t.app);
    const paypalId = paypal.createSubscription({ plan_id: planId, custom_id: userId }).id;
    await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ plan, billingCycle, paypalSubscriptionId: paypalId })
      .expect(201);
    const key: string = (
      await http()
        .post('/api/keys')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ name: 'k' })
        .expect(201)
    ).body.key;
    return { userId, accessToken, paypalId, key };
  }

  const usagePlan = async (key: string) =>
    (await http().get('/api/v1/usage').set('X-API-Key', key).expect(200)).body.plan as string;

  /** A revision made straight at PayPal with the app's credentials (as a buyer could through the JS SDK). */
  async function reviseAtPayPal(paypalId: string, body: object): Promise<void> {
    const basic = Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64');
    const token = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    }).then((answer) => answer.json() as Promise<{ access_token: string }>);
    const answer = await fetch(`${paypal.url}/v1/billing/subscriptions/${paypalId}/revise`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
  }

  beforeAll(async () => {
    paypal = await startPayPalStandIn({
      plans: {
        [PLAN_IDS.basicAnnual]: { interval: 'YEAR', price: '167.88' },
        [PLAN_IDS.proMonthly]: { interval: 'MONTH', price: '59.99' },
        [PLAN_IDS.proAnnual]: { interval: 'YEAR', price: '635.88' },
        [PLAN_IDS.enterpriseMonthly]: { interval: 'MONTH', price: '99.99' },
      },
    });
    t = await startTestApp(
      testConfig(
        payPalEnv(
          paypal,
          `basic.annual=${PLAN_IDS.basicAnnual},professional.monthly=${PLAN_IDS.proMonthly},professional.annual=${PLAN_IDS.proAnnual},enterprise.monthly=${PLAN_IDS.enterpriseMonthly}`,
        ),
      ),
    );
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });
  afterEach(() => {
    paypal.down = false;
  });

  /** The buyer at PayPal's checkout page: pays the order behind an approve link (or names another payer). */
  function approveOrder(approveUrl: string, payerId?: string): string {
    const orderId = new URL(approveUrl).searchParams.get('token')!;
    paypal.orders.approve(orderId, payerId);
    return orderId;
  }
  const pay = (accessToken: string, paymentId: string) =>
    post('/change/pay', accessToken, { paymentId, ...RETURN });
  const quotes = (accessToken: string) => planQuotes(t.app, accessToken);
  /** Moves the stored and PayPal's paid period so that `fractionLeft` of it remains. */
  async function periodWithLeft(paypalId: string, fractionLeft: number, days: number) {
    const now = Date.now();
    const end = new Date(now + fractionLeft * days * DAY);
    const start = new Date(end.getTime() - days * DAY);
    const billing = paypal.subscription(paypalId)!.billing_info!;
    billing.next_billing_time = end.toISOString();
    billing.last_payment!.time = start.toISOString();
    await em().nativeUpdate(
      Subscription,
      { paypalSubscriptionId: paypalId },
      { currentPeriodEnd: end, lastPaymentAt: start },
    );
    return { start, end };
  }

  describe('an upgrade is paid before it applies', () => {
    it('quotes the prorated difference, takes it, grants the plan, then revises PayPal to bill the new price', async () => {
      const { userId, accessToken, paypalId, key } = await subscriber(
        PLAN_IDS.basicAnnual,
        'basic',
        'annual',
      );
      await periodWithLeft(paypalId, 0.5, 365);
      const quoted = (await quotes(accessToken)).quotes.find(
        (quote) => quote.plan === 'enterprise' && quote.billingCycle === 'monthly',
      )!;
      // Half a year left: 6 months × (99.99 − 167.88 / 12) = 6 × (99.99 − 13.99) = 516.00.
      expect(quoted).toMatchObject({
        direction: 'upgrade',
        timing: 'now',
        chargeToday: '516.00',
        currency: 'USD',
      });

      const started = await change(accessToken, 'enterprise', 'monthly').expect(200);
      expect(started.body).toEqual({
        direction: 'upgrade',
        approveUrl: expect.stringContaining(`${paypal.url}/checkoutnow?token=`),
        payment: { id: expect.any(String), amount: '516.00', currency: 'USD' },
      });
      // Nothing granted, nothing revised, before the money is taken.
      expect(paypal.pendingRevisions(paypalId)).toEqual([]);
      expect(await planOf(userId)).toBe('basic');
      const paymentId: string = started.body.payment.id;
      const orderId = approveOrder(started.body.approveUrl);

      const payRequest = `pay-${paymentId}`;
      const paid = await pay(accessToken, paymentId).set('X-Request-Id', payRequest).expect(200);
      expect(paid.body).toMatchObject({
        success: true,
        subscription: {
          plan: 'enterprise',
          billingCycle: 'monthly',
          // PayPal bills basic annual until the buyer approves the new price: back to it at the period end.
          pendingChange: { plan: 'basic', billingCycle: 'annual' },
        },
        approveUrl: expect.stringContaining(paypal.url),
      });
      expect(await planOf(userId)).toBe('enterprise');
      expect(await usagePlan(key)).toBe('enterprise');
      // The worker's sync at the period end carries the request's id onto its log lines.
      expect(await syncRequestIds(paypalId)).toEqual([payRequest]);
      const payment = await paymentOf(paymentId);
      const capture = paypal.orders.get(orderId)!.purchase_units[0].payments!.captures[0];
      expect({
        status: payment.status,
        amountMinor: payment.amountMinor,
        capturedMinor: payment.capturedMinor,
        paypalOrderId: payment.paypalOrderId,
        paypalCaptureId: payment.paypalCaptureId,
        payerId: payment.payerId,
      }).toEqual({
        status: 'captured',
        amountMinor: 51600,
        capturedMinor: 51600,
        paypalOrderId: orderId,
        paypalCaptureId: capture.id,
        payerId: paypal.buyerPayerId,
      });
      expect(paypal.orders.get(orderId)!.purchase_units[0]).toMatchObject({
        custom_id: paymentId,
        invoice_id: paymentId,
        amount: { currency_code: 'USD', value: '516.00' },
      });

      // The buyer approves the new price at PayPal: nothing waits any more.
      expect(paypal.pendingRevisions(paypalId)).toEqual([
        { planId: PLAN_IDS.enterpriseMonthly, returnUrl: RETURN.returnUrl, cancelUrl: RETURN.cancelUrl },
      ]);
      paypal.approveRevision(paypalId);
      const confirmed = await confirm(accessToken).expect(200);
      expect(confirmed.body.subscription).toMatchObject({ plan: 'enterprise', pendingChange: null });

      // A replayed payment is refused and takes nothing more.
      const calls = paypal.orders.captureCalls;
      expectProblem(await pay(accessToken, paymentId), 409, 'payment-already-captured');
      expect(paypal.orders.captureCalls).toBe(calls);
    });

    it('leaves the plan as it was when the payment is abandoned or declined, and takes it once approved again', async () => {
      const { userId, accessToken } = await subscriber(PLAN_IDS.proMonthly, 'professional', 'monthly');
      const started = await change(accessToken, 'enterprise', 'monthly').expect(200);
      const paymentId: string = started.body.payment.id;
      // Abandoned: the buyer never approved at PayPal.
      expectProblem(await pay(accessToken, paymentId), 409, 'payment-not-approved');
      expect(await planOf(userId)).toBe('professional');

      approveOrder(started.body.approveUrl);
      paypal.orders.declineCaptures = true;
      try {
        expectProblem(await pay(accessToken, paymentId), 402, 'payment-declined');
      } finally {
        paypal.orders.declineCaptures = false;
      }
      expect(await planOf(userId)).toBe('professional');
      expect((await paymentOf(paymentId)).status).toBe('created');

      await pay(accessToken, paymentId).expect(200);
      expect(await planOf(userId)).toBe('enterprise');
    });

    it('records a payment PayPal captured but we did not (a commit lost after the capture), without taking it again', async () => {
      const { userId, accessToken } = await subscriber(PLAN_IDS.proMonthly, 'professional', 'monthly');
      const started = await change(accessToken, 'enterprise', 'monthly').expect(200);
      const orderId = approveOrder(started.body.approveUrl);
      // PayPal took the money; our record of it never committed.
      expect(paypal.orders.capture(orderId, started.body.payment.id)[0]).toBe(201);
      const calls = paypal.orders.captureCalls;
      await pay(accessToken, started.body.payment.id).expect(200);
      expect(paypal.orders.captureCalls).toBe(calls);
      expect(await planOf(userId)).toBe('enterprise');
      expect((await paymentOf(started.body.payment.id)).status).toBe('captured');
      expectProblem(await pay(accessToken, started.body.payment.id), 409, 'payment-already-captured');
    });

    it('records but never grants a payment PayPal took for a period that has since moved on', async () => {
      const { userId, accessToken, paypalId } = await subscriber(
        PLAN_IDS.proMonthly,
        'professional',
        'monthly',
      );
      const started = await change(accessToken, 'enterprise', 'monthly').expect(200);
      const orderId = approveOrder(started.body.approveUrl);
      expect(paypal.orders.capture(orderId)[0]).toBe(201);
      // PayPal billed the next month before our record of the capture arrived.
      await periodWithLeft(paypalId, 0.9, 30);
      const res = await pay(accessToken, started.body.payment.id);
      expectProblem(res, 409, 'quote-expired');
      expect(res.body.message).toContain('We will refund it');
      expect(await planOf(userId)).toBe('professional');
      expect((await paymentOf(started.body.payment.id)).status).toBe('captured');
    });

    it(`starts at most ${UPGRADE_PAYMENTS_PER_HOUR} upgrade payments an hour per user, then 429 and no PayPal order`, async () => {
      const { accessToken } = await subscriber(PLAN_IDS.proMonthly, 'professional', 'monthly');
      const other = await subscriber(PLAN_IDS.proMonthly, 'professional', 'monthly');
      for (let i = 0; i < UPGRADE_PAYMENTS_PER_HOUR; i++)
        await change(accessToken, 'enterprise', 'monthly').expect(200);
      const orders = paypal.orders.all().length;
      const refused = await change(accessToken, 'enterprise', 'monthly');
      expectProblem(refused, 429, 'rate-limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(
        /^You have started too many upgrade payments in a short time\. Wait \d+ minutes?, then try again\.$/,
      );
      expect(paypal.orders.all()).toHaveLength(orders);
      await change(other.accessToken, 'enterprise', 'monthly').expect(200);
    });

    it('takes two payments sent at once only once', async () => {
      const { userId, accessToken } = await subscriber(PLAN_IDS.proMonthly, 'professional', 'monthly');
      const started = await change(accessToken, 'enterprise', 'monthly').expect(200);
      approveOrder(started.body.approveUrl);
      const answers = await Promise.all([
        pay(accessToken, started.body.payment.id),
        pay(accessToken, started.body.payment.id),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await planOf(userId)).toBe('enterprise');
      const order = paypal.orders.get(new URL(started.body.approveUrl).searchParams.get('token')!)!;
      expect(order.purchase_units[0].payments!.captures).toHaveLength(1);
    });

    it("refuses, before taking anything, another user's payment, another payer, and a quote that no longer holds", async () => {
      const { userId, accessToken, paypalId } = await subscriber(
        PLAN_IDS.proMonthly,
        'professional',
        'monthly',
      );
      const other = await subscriber(PLAN_IDS.proMonthly, 'professional', 'monthly');
      const started = await change(accessToken, 'enterprise', 'monthly').expect(200);
      const paymentId: string = started.body.payment.id;
      const orderId = approveOrder(started.body.approveUrl, 'SOMEONEELSE01');
      expectProblem(await pay(other.accessToken, paymentId), 404, 'payment-not-found');
      expectProblem(await pay(accessToken, paymentId), 409, 'payment-mismatch');
      paypal.orders.approve(orderId);
      // The period moved on (PayPal billed the next one) since the quote: its price no longer holds.
      await periodWithLeft(paypalId, 0.9, 30);
      expectProblem(await pay(accessToken, paymentId), 409, 'quote-expired');
      expect(paypal.orders.get(orderId)!.status).toBe('APPROVED');
      expect(await planOf(userId)).toBe('professional');
      expect(await planOf(other.userId)).toBe('professional');
    });

    it('never grants a higher tier revised at PayPal without paying, until PayPal bills its price', async () => {
      const { userId, accessToken, paypalId, key } = await subscriber(
        PLAN_IDS.basicAnnual,
        'basic',
        'annual',
      );
      await reviseAtPayPal(paypalId, { plan_id: PLAN_IDS.enterpriseMonthly });
      paypal.approveRevision(paypalId);
      const confirmed = await confirm(accessToken).expect(200);
      expect(confirmed.body.subscription).toMatchObject({ plan: 'basic', pendingChange: null });
      expect(await planOf(userId)).toBe('basic');
      expect(await usagePlan(key)).toBe('basic');

      // PayPal's next payment is at the enterprise price: from then on it is paid for.
      paypal.renew(paypalId);
      await confirm(accessToken).expect(200);
      expect(await planOf(userId)).toBe('enterprise');
    });

    it('schedules a change to another cycle of the same plan for the end of the period, at no charge', async () => {
      const { accessToken } = await subscriber(PLAN_IDS.proMonthly, 'professional', 'monthly');
      const quote = (await quotes(accessToken)).quotes.find(
        (each) => each.plan === 'professional' && each.billingCycle === 'annual',
      )!;
      expect(quote).toMatchObject({ timing: 'period-end', chargeToday: '0.00', recurringAmount: '635.88' });
      const started = await change(accessToken, 'professional', 'annual').expect(200);
      expect(started.body.payment).toBeUndefined();
      expect(started.body.approveUrl).toContain('/webapps/billing/subscriptions/update');
    });
  });

  it('schedules a downgrade for the end of the paid period and keeps the paid plan until then', async () => {
    const { userId, accessToken, paypalId, key } = await subscriber();
    const periodEnd = paypal.subscription(paypalId)!.billing_info!.next_billing_time;
    const started = await change(accessToken, 'basic', 'annual').expect(200);
    expect(started.body.direction).toBe('downgrade');
    paypal.approveRevision(paypalId);
    expect(paypal.subscription(paypalId)!.plan_id).toBe(PLAN_IDS.basicAnnual);

    const confirmRequest = `confirm-${paypalId}`;
    const confirmed = await confirm(accessToken).set('X-Request-Id', confirmRequest).expect(200);
    const pendingChange = { plan: 'basic', billingCycle: 'annual', effectiveAt: periodEnd };
    expect(confirmed.body.subscription).toMatchObject({
      plan: 'professional',
      amount: '635.88',
      pendingChange,
    });
    expect(await planOf(userId)).toBe('professional');
    expect(await usagePlan(key)).toBe('professional');
    expect(await account(accessToken)).toMatchObject({
      plan: 'professional',
      billingCycle: 'annual',
      currentPeriodEnd: periodEnd,
      pendingChange,
    });
    // Replaying the confirmation schedules nothing new: one sync, with the first request's id.
    expect((await confirm(accessToken).expect(200)).body.subscription.pendingChange).toEqual(pendingChange);
    expect(await syncRequestIds(paypalId)).toEqual([confirmRequest]);
    // Choosing the scheduled plan again is refused; the same plan without anything scheduled too.
    expectProblem(await change(accessToken, 'basic', 'annual'), 409, 'plan-unchanged');
  });

  it('undoes a scheduled downgrade by revising back, once PayPal confirms it', async () => {
    const { userId, accessToken, paypalId } = await subscriber();
    await change(accessToken, 'basic', 'annual').expect(200);
    paypal.approveRevision(paypalId);
    await confirm(accessToken).expect(200);

    const undo = await post('/change/undo', accessToken, RETURN).expect(200);
    expect(undo.body.direction).toBe('undo');
    expect(paypal.pendingRevisions(paypalId).map((revision) => revision.planId)).toEqual([
      PLAN_IDS.proAnnual,
    ]);
    // Until the buyer approves, the downgrade stays scheduled: PayPal would bill the cheaper plan.
    expect((await confirm(accessToken).expect(200)).body.subscription.pendingChange).not.toBeNull();

    paypal.approveRevision(paypalId);
    const confirmed = await confirm(accessToken).expect(200);
    expect(confirmed.body.subscription).toMatchObject({ plan: 'professional', pendingChange: null });
    expect(await planOf(userId)).toBe('professional');
    expect((await account(accessToken)).pendingChange).toBeNull();
    expectProblem(await post('/change/undo', accessToken, RETURN), 404, 'plan-change-not-found');
  });

  it('refuses a second active subscription with 409 already-subscribed and cancels it at PayPal', async () => {
    const { userId, accessToken, paypalId, key } = await subscriber();
    const second = paypal.createSubscription({ plan_id: PLAN_IDS.basicAnnual, custom_id: userId }).id;
    const res = await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ plan: 'basic', billingCycle: 'annual', paypalSubscriptionId: second });
    expectProblem(res, 409, 'already-subscribed');
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('pricing page') });
    expect(paypal.subscription(second)!.status).toBe('CANCELLED');
    expect(paypal.subscription(paypalId)!.status).toBe('ACTIVE');
    expect(await em().find(Subscription, { paypalSubscriptionId: second })).toEqual([]);
    expect(await planOf(userId)).toBe('professional');
    expect(await usagePlan(key)).toBe('professional');
  });

  it('lets only one of two new subscriptions reported at once become active', async () => {
    const { id: userId, accessToken } = await signedInUser(t.app);
    const ids = [PLAN_IDS.basicAnnual, PLAN_IDS.proAnnual].map(
      (planId) => paypal.createSubscription({ plan_id: planId, custom_id: userId }).id,
    );
    const answers = await Promise.all(
      ids.map((id, index) =>
        http()
          .post('/api/v1/subscriptions')
          .set('Authorization', `Bearer ${accessToken}`)
          .send({ plan: index ? 'professional' : 'basic', billingCycle: 'annual', paypalSubscriptionId: id }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const kept = ids[answers.findIndex((answer) => answer.status === 201)];
    const refused = ids.find((id) => id !== kept)!;
    expect(paypal.subscription(refused)!.status).toBe('CANCELLED');
    const active = await em().find(Subscription, {
      user: userId,
      status: 'active',
      paypalSubscriptionId: { $ne: null },
    });
    expect(active.map((subscription) => subscription.paypalSubscriptionId)).toEqual([kept]);
  });

  it('allows a new subscription once the previous one is cancelled, starting when its paid time ends', async () => {
    const { userId, accessToken, paypalId } = await subscriber();
    await http()
      .post('/api/v1/subscriptions/cancel')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    const paidUntil = (await subscriptionOf(paypalId)).currentPeriodEnd!;
    const next = paypal.createSubscription({
      plan_id: PLAN_IDS.enterpriseMonthly,
      custom_id: userId,
      start_time: paidUntil.toISOString(),
    }).id;
    await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ plan: 'enterprise', billingCycle: 'monthly', paypalSubscriptionId: next })
      .expect(201);
    // The paid professional year runs on; enterprise is billed, and held, from its end.
    expect(await planOf(userId)).toBe('professional');
    expect((await account(accessToken)).pendingChange).toMatchObject({
      plan: 'enterprise',
      billingCycle: 'monthly',
    });
  });

  it("never revises or confirms another user's subscription", async () => {
    const victim = await subscriber();
    const attacker = await subscriber(PLAN_IDS.basicAnnual, 'basic', 'annual');
    await change(victim.accessToken, 'basic', 'annual').expect(200);
    // The attacker's calls name no subscription: they act on the attacker's own only.
    await change(attacker.accessToken, 'enterprise', 'monthly').expect(200);
    expect(paypal.pendingRevisions(victim.paypalId).map((revision) => revision.planId)).toEqual([
      PLAN_IDS.basicAnnual,
    ]);
    paypal.approveRevision(victim.paypalId);
    const attackerView = await confirm(attacker.accessToken).expect(200);
    expect(attackerView.body.subscription).toMatchObject({
      paypalSubscriptionId: attacker.paypalId,
      plan: 'basic',
    });
    expect((await account(victim.accessToken)).pendingChange).toBeNull();
    // Undoing a change that is not theirs: the attacker has none.
    await confirm(victim.accessToken).expect(200);
    expectProblem(await post('/change/undo', attacker.accessToken, RETURN), 404, 'plan-change-not-found');
    expect((await account(victim.accessToken)).pendingChange).toMatchObject({ plan: 'basic' });
    // A user without a subscription has nothing to change.
    const { accessToken: freeToken } = await signedInUser(t.app);
    expectProblem(await change(freeToken, 'enterprise', 'monthly'), 404, 'subscription-not-found');
    expectProblem(await confirm(freeToken), 404, 'subscription-not-found');
  });

  it('refuses a revision to our plan at a cut price and keeps the plan paid for', async () => {
    const { userId, accessToken, paypalId, key } = await subscriber(PLAN_IDS.basicAnnual, 'basic', 'annual');
    await reviseAtPayPal(paypalId, {
      plan_id: PLAN_IDS.enterpriseMonthly,
      plan: {
        billing_cycles: [
          {
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: { fixed_price: { currency_code: 'USD', value: '0.01' } },
          },
        ],
      },
    });
    paypal.approveRevision(paypalId);
    const res = await confirm(accessToken);
    expectProblem(res, 422, 'subscription-plan-mismatch');
    expect(await planOf(userId)).toBe('basic');
    expect(await usagePlan(key)).toBe('basic');
    expect((await subscriptionOf(paypalId)).plan).toBe('basic');
  });

  it('refuses the plan paid for now, and a return URL outside the web app, asking PayPal nothing', async () => {
    const { accessToken, paypalId } = await subscriber();
    expectProblem(await change(accessToken, 'professional', 'annual'), 409, 'plan-unchanged');
    for (const urls of [
      { returnUrl: 'https://evil.example/steal' },
      { returnUrl: `${WEB}/account`, cancelUrl: 'https://evil.example/steal' },
      { returnUrl: 'javascript:alert(1)' },
    ]) {
      expectProblem(await change(accessToken, 'enterprise', 'monthly', urls), 400, 'validation-failed');
    }
    expectProblem(await change(accessToken, 'free', 'monthly'), 400, 'validation-failed');
    expect(paypal.pendingRevisions(paypalId)).toEqual([]);
  });

  it('answers 502 with retry advice when PayPal is down, and changes nothing', async () => {
    const { userId, accessToken, paypalId } = await subscriber();
    paypal.down = true;
    const res = await change(accessToken, 'enterprise', 'monthly');
    expectProblem(res, 502, 'payment-provider-unavailable');
    expect(res.headers['retry-after']).toBe('60');
    expectProblem(await confirm(accessToken), 502, 'payment-provider-unavailable');
    paypal.down = false;
    expect(paypal.pendingRevisions(paypalId)).toEqual([]);
    expect(await planOf(userId)).toBe('professional');
  });

  it('answers 409 when PayPal says the subscription can no longer be revised', async () => {
    const { accessToken, paypalId } = await subscriber();
    paypal.setStatus(paypalId, 'SUSPENDED');
    expectProblem(await change(accessToken, 'basic', 'annual'), 409, 'subscription-not-active');
  });

  it('requires a signed-in user', async () => {
    for (const path of ['/change', '/change/undo', '/change/confirm', '/change/pay']) {
      expectProblem(await http().post(`/api/v1/subscriptions${path}`).send(RETURN), 401, 'unauthorized');
    }
  });
});
