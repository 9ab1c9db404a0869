import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Payment, Subscription, User } from '@fxrates/db';
import request from 'supertest';
import { givenIn } from './support/given';
import { signedInUser } from './support/signed-in';
import { payPalEnv } from './support/paypal-env';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const PLAN_IDS = {
  basicMonthly: 'P-BASIC-MONTHLY',
  proMonthly: 'P-PRO-MONTHLY',
  enterpriseMonthly: 'P-ENTERPRISE-MONTHLY',
};
const WEB = 'https://web.fxrates.test';
const RETURN = { returnUrl: `${WEB}/account?plan-change=approved`, cancelUrl: `${WEB}/account` };
const HOSTILE = '<img src=x onerror=alert(1)>';
const DAY_MS = 86_400_000;

interface Customer {
  userId: string;
  accessToken: string;
  paypalId: string;
}

describe('GET /api/account/payments and the receipt of each', () => {
  let paypal: PayPalStandIn;
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const db = () => t.app.get(MikroORM).em.fork();
  const subscriptionOf = (customer: Customer) =>
    db().findOneOrFail(Subscription, { paypalSubscriptionId: customer.paypalId });
  const get = (path: string, accessToken: string) =>
    http().get(path).set('Authorization', `Bearer ${accessToken}`);
  const post = (path: string, accessToken: string, body: object = {}) =>
    http()
      .post(`/api/v1/subscriptions${path}`)
      .set('Authorization', `Bearer ${accessToken}`)
      .set('Origin', WEB)
      .send(body);

  function expectProblem(res: request.Response, status: number, code: string) {
    expect([res.status, res.body.code]).toEqual([status, code]);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  }

  beforeAll(async () => {
    paypal = await startPayPalStandIn({
      plans: {
        [PLAN_IDS.basicMonthly]: { interval: 'MONTH', price: '15.99' },
        [PLAN_IDS.proMonthly]: { interval: 'MONTH', price: '59.99' },
        [PLAN_IDS.enterpriseMonthly]: { interval: 'MONTH', price: '99.99' },
      },
    });
    t = await startTestApp(
      testConfig(
        payPalEnv(
          paypal,
          `basic.monthly=${PLAN_IDS.basicMonthly},professional.monthly=${PLAN_IDS.proMonthly},enterprise.monthly=${PLAN_IDS.enterpriseMonthly}`,
        ),
      ),
    );
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  /** A new user on Basic monthly, subscribed through the API as the subscribe page does. */
  async function subscriber(): Promise<Customer> {
    const { id: userId, accessToken } = await signedInUser(t.app);
    const paypalId = paypal.createSubscription({ plan_id: PLAN_IDS.basicMonthly, custom_id: userId }).id;
    await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ plan: 'basic', billingCycle: 'monthly', paypalSubscriptionId: paypalId })
      .expect(201);
    return { userId, accessToken, paypalId };
  }

  /**
   * An upgrade paid as the account page pays it: quoted, approved at PayPal's checkout, captured, and
   * the new price approved at PayPal so that nothing waits. Returns our payment id and PayPal's capture.
   */
  async function upgrade(customer: Customer, plan: string) {
    const started = await post('/change', customer.accessToken, {
      plan,
      billingCycle: 'monthly',
      ...RETURN,
    }).expect(200);
    const orderId = new URL(started.body.approveUrl).searchParams.get('token')!;
    paypal.orders.approve(orderId);
    await post('/change/pay', customer.accessToken, {
      paymentId: started.body.payment.id,
      ...RETURN,
    }).expect(200);
    paypal.approveRevision(customer.paypalId);
    await post('/change/confirm', customer.accessToken).expect(200);
    const capture = paypal.orders.get(orderId)!.purchase_units[0].payments!.captures[0];
    return { paymentId: started.body.payment.id as string, quoted: started.body.payment, capture };
  }

  describe('a user who paid two upgrades', () => {
    let customer: Customer;
    let toPro: Awaited<ReturnType<typeof upgrade>>;
    let toEnterprise: Awaited<ReturnType<typeof upgrade>>;

    beforeAll(async () => {
      customer = await subscriber();
      toPro = await upgrade(customer, 'professional');
      toEnterprise = await upgrade(customer, 'enterprise');
    });

    it('lists both, newest first, each with the amount PayPal captured and its transaction id', async () => {
      const res = await get('/api/account/payments', customer.accessToken).expect(200);
      const { currentPeriodEnd } = await subscriptionOf(customer);
      expect(res.body).toEqual({
        data: [
          {
            id: toEnterprise.paymentId,
            paidAt: expect.any(String),
            kind: 'upgrade',
            status: 'paid',
            plan: 'enterprise',
            billingCycle: 'monthly',
            periodStart: expect.any(String),
            periodEnd: currentPeriodEnd!.toISOString(),
            amount: toEnterprise.capture.amount.value,
            currency: 'USD',
            paypalTransactionId: toEnterprise.capture.id,
          },
          {
            id: toPro.paymentId,
            paidAt: expect.any(String),
            kind: 'upgrade',
            status: 'paid',
            plan: 'professional',
            billingCycle: 'monthly',
            periodStart: expect.any(String),
            periodEnd: currentPeriodEnd!.toISOString(),
            amount: toPro.capture.amount.value,
            currency: 'USD',
            paypalTransactionId: toPro.capture.id,
          },
        ],
        next: null,
      });
      expect(toPro.quoted.amount).toBe(toPro.capture.amount.value);
      const [newer, older] = res.body.data;
      expect(Date.parse(newer.paidAt)).toBeGreaterThanOrEqual(Date.parse(older.paidAt));
      expect(newer.periodStart).toBe(newer.paidAt);
    });

    it('shows the amount PayPal captured, not the one we asked for', async () => {
      const asked = (await db().findOneOrFail(Payment, { id: toPro.paymentId })).amountMinor;
      await db().nativeUpdate(Payment, { id: toPro.paymentId }, { amountMinor: asked + 1 });
      const res = await get('/api/account/payments', customer.accessToken).expect(200);
      expect(res.body.data[1].amount).toBe(toPro.capture.amount.value);
      await db().nativeUpdate(Payment, { id: toPro.paymentId }, { amountMinor: asked });
    });

    it('pages them with limit and the cursor it gives, and refuses a cursor it did not give', async () => {
      const first = await get('/api/account/payments?limit=1', customer.accessToken).expect(200);
      expect(first.body.data.map((payment: { id: string }) => payment.id)).toEqual([toEnterprise.paymentId]);
      expect(first.body.next).toEqual(expect.any(String));
      const second = await get(
        `/api/account/payments?limit=1&cursor=${first.body.next}`,
        customer.accessToken,
      ).expect(200);
      expect(second.body).toEqual({ data: [expect.objectContaining({ id: toPro.paymentId })], next: null });

      expectProblem(
        await get('/api/account/payments?cursor=nonsense!', customer.accessToken),
        400,
        'invalid-cursor',
      );
      expectProblem(
        await get('/api/account/payments?limit=101', customer.accessToken),
        400,
        'validation-failed',
      );
      expectProblem(
        await get('/api/account/payments?limit=0', customer.accessToken),
        400,
        'validation-failed',
      );
    });

    it("gives the receipt of each, made out to the customer's name, company and email", async () => {
      await http()
        .patch('/api/account')
        .set('Authorization', `Bearer ${customer.accessToken}`)
        .send({ firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines Ltd' })
        .expect(200);
      const user = await db().findOneOrFail(User, { id: customer.userId });
      const res = await get(`/api/account/payments/${toPro.paymentId}`, customer.accessToken).expect(200);
      expect(res.body).toEqual({
        id: toPro.paymentId,
        paidAt: expect.any(String),
        kind: 'upgrade',
        status: 'paid',
        plan: 'professional',
        billingCycle: 'monthly',
        periodStart: expect.any(String),
        periodEnd: expect.any(String),
        amount: toPro.capture.amount.value,
        currency: 'USD',
        paypalTransactionId: toPro.capture.id,
        customer: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          company: 'Analytical Engines Ltd',
          email: user.email,
        },
      });
    });

    it('returns a hostile name as JSON data only, never as markup', async () => {
      await http()
        .patch('/api/account')
        .set('Authorization', `Bearer ${customer.accessToken}`)
        .send({ firstName: HOSTILE, company: HOSTILE })
        .expect(200);
      const res = await get(`/api/account/payments/${toPro.paymentId}`, customer.accessToken).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body.customer).toMatchObject({ firstName: HOSTILE, company: HOSTILE });
    });

    it("answers 404 payment-not-found for another user's payment, as for one that does not exist", async () => {
      const other = await signedInUser(t.app);
      const someoneElses = await get(`/api/account/payments/${toPro.paymentId}`, other.accessToken);
      expectProblem(someoneElses, 404, 'payment-not-found');
      expect(someoneElses.text).not.toContain(toPro.capture.id);
      const nobodys = await get(`/api/account/payments/${randomUUID()}`, other.accessToken);
      expectProblem(nobodys, 404, 'payment-not-found');
      expect(someoneElses.body.message).toBe(nobodys.body.message);
      expectProblem(
        await get('/api/account/payments/not-a-uuid', other.accessToken),
        404,
        'payment-not-found',
      );
      const list = await get('/api/account/payments', other.accessToken).expect(200);
      expect(list.body).toEqual({ data: [], next: null });
    });
  });

  it('lists no payment that PayPal has not captured (an upgrade waiting for the buyer)', async () => {
    const customer = await subscriber();
    const started = await post('/change', customer.accessToken, {
      plan: 'enterprise',
      billingCycle: 'monthly',
      ...RETURN,
    }).expect(200);
    const list = await get('/api/account/payments', customer.accessToken).expect(200);
    expect(list.body).toEqual({ data: [], next: null });
    expectProblem(
      await get(`/api/account/payments/${started.body.payment.id}`, customer.accessToken),
      404,
      'payment-not-found',
    );
  });

  it('shows a payment refunded since as refunded', async () => {
    const customer = await subscriber();
    const { paymentId } = await upgrade(customer, 'professional');
    // As the worker's syncCapture records PayPal's PAYMENT.CAPTURE.REFUNDED.
    await db().nativeUpdate(Payment, { id: paymentId }, { status: 'refunded' });
    const list = await get('/api/account/payments', customer.accessToken).expect(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: paymentId, status: 'refunded' })]);
  });

  it("lists the subscription's charges with the upgrades, newest first, each with the period it pays for", async () => {
    const customer = await subscriber();
    // The first charge, as the worker records it from PayPal's PAYMENT.SALE.COMPLETED.
    const subscription = await subscriptionOf(customer);
    const now = Date.now();
    const saleId = `SALE${randomUUID().slice(0, 8).toUpperCase()}`;
    const { id: chargeId } = await givenIn(t.app).payment(
      {
        id: subscription.id,
        userId: customer.userId,
        plan: 'basic',
        billingCycle: 'monthly',
        amountMinor: 1599,
        currentPeriodEnd: subscription.currentPeriodEnd,
      },
      {
        kind: 'subscription',
        status: 'captured',
        amountMinor: 1599,
        periodStart: new Date(now - 2 * DAY_MS),
        periodEnd: new Date(now + 28 * DAY_MS),
        paypalCaptureId: saleId,
        capturedMinor: 1599,
        capturedAt: new Date(now - 2 * DAY_MS),
        createdAt: new Date(now),
      },
    );
    const { paymentId } = await upgrade(customer, 'professional');

    const list = await get('/api/account/payments', customer.accessToken).expect(200);
    expect(list.body.data.map((payment: { id: string; kind: string }) => [payment.id, payment.kind])).toEqual(
      [
        [paymentId, 'upgrade'],
        [chargeId, 'subscription'],
      ],
    );
    const charge = await db().findOneOrFail(Payment, { id: chargeId });
    expect(list.body.data[1]).toEqual({
      id: chargeId,
      paidAt: charge.capturedAt!.toISOString(),
      kind: 'subscription',
      status: 'paid',
      plan: 'basic',
      billingCycle: 'monthly',
      periodStart: charge.periodStart!.toISOString(),
      periodEnd: charge.periodEnd.toISOString(),
      amount: '15.99',
      currency: 'USD',
      paypalTransactionId: saleId,
    });
    const receipt = await get(`/api/account/payments/${chargeId}`, customer.accessToken).expect(200);
    expect(receipt.body).toMatchObject({
      kind: 'subscription',
      amount: '15.99',
      customer: { firstName: 'Ada' },
    });
  });

  it('requires a signed-in user', async () => {
    expectProblem(await http().get('/api/account/payments'), 401, 'unauthorized');
    expectProblem(await http().get(`/api/account/payments/${randomUUID()}`), 401, 'unauthorized');
  });
});
