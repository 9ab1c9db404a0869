import { MikroORM } from '@mikro-orm/postgresql';
import { Subscription, User } from '@fxrates/db';
import request from 'supertest';
import { givenIn } from './support/given';
import { signedInUser } from './support/signed-in';
import { payPalEnv } from './support/paypal-env';
import {
  startPayPalStandIn,
  type NewSubscription,
  type PayPalStandIn,
} from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const PLAN_IDS = {
  basicMonthly: 'P-BASIC-MONTHLY',
  basicAnnual: 'P-BASIC-ANNUAL',
  proMonthly: 'P-PRO-MONTHLY',
  enterpriseMonthly: 'P-ENTERPRISE-MONTHLY',
};

/** Our enterprise plan as a buyer can override it in the browser's create-subscription call. */
const oneCent = {
  billing_cycles: [
    {
      sequence: 1,
      total_cycles: 0,
      pricing_scheme: { fixed_price: { currency_code: 'USD', value: '0.01' } },
    },
  ],
};

describe('POST /api/v1/subscriptions', () => {
  let paypal: PayPalStandIn;
  let t: TestApp;

  const http = () => request(t.app.getHttpServer());
  const em = () => t.app.get(MikroORM).em.fork();
  const subscriptionsOf = (paypalSubscriptionId: string) => em().find(Subscription, { paypalSubscriptionId });
  const planOf = async (userId: string) => (await em().findOneOrFail(User, userId)).plan;

  async function signUp() {
    const { id: userId, accessToken } = await signedInUser(t.app);
    const key: string = (
      await http()
        .post('/api/keys')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ name: 'k' })
        .expect(201)
    ).body.key;
    return { userId, accessToken, key };
  }

  /** The spec's client body for a PayPal subscription id, with plan and cycle as asked. */
  const body = (paypalSubscriptionId: string, overrides: object = {}) => ({
    userId: 'whoever-the-client-says',
    paymentId: paypalSubscriptionId,
    plan: 'basic',
    billingCycle: 'annual',
    amount: 0.01,
    paypalSubscriptionId,
    status: 'ACTIVE',
    ...overrides,
  });

  const subscribe = (accessToken: string, payload: object) =>
    http().post('/api/v1/subscriptions').set('Authorization', `Bearer ${accessToken}`).send(payload);

  const approved = (fields: Partial<NewSubscription> & { custom_id: string }) =>
    paypal.createSubscription({ plan_id: PLAN_IDS.basicAnnual, ...fields }).id;

  async function expectUnchanged(userId: string, key: string, paypalId: string) {
    expect(await subscriptionsOf(paypalId)).toEqual([]);
    expect(await planOf(userId)).toBe('free');
    const usage = await http().get('/api/v1/usage').set('X-API-Key', key).expect(200);
    expect(usage.body).toMatchObject({ plan: 'free', monthlyQuota: 1000 });
  }

  async function expectProblem(res: request.Response, status: number, code: string) {
    expect([res.status, res.body.code, res.body.success]).toEqual([status, code, false]);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  }

  beforeAll(async () => {
    paypal = await startPayPalStandIn({
      plans: {
        [PLAN_IDS.basicMonthly]: { interval: 'MONTH', price: '15.99' },
        [PLAN_IDS.basicAnnual]: { interval: 'YEAR', price: '167.88' },
        [PLAN_IDS.proMonthly]: { interval: 'MONTH', price: '59.99' },
        [PLAN_IDS.enterpriseMonthly]: { interval: 'MONTH', price: '99.99' },
        'P-NOT-OURS': { interval: 'MONTH', price: '0.01' },
      },
    });
    t = await startTestApp(
      testConfig({
        ...payPalEnv(
          paypal,
          `basic.monthly=${PLAN_IDS.basicMonthly},basic.annual=${PLAN_IDS.basicAnnual},professional.monthly=${PLAN_IDS.proMonthly},enterprise.monthly=${PLAN_IDS.enterpriseMonthly}`,
        ),
        PAYPAL_ACTIVATION_POLL_MS: '10',
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

  it('verifies an active subscription with PayPal, records it at our price and moves the plan at once', async () => {
    const { userId, accessToken, key } = await signUp();
    const id = approved({ custom_id: userId });
    const res = await subscribe(accessToken, body(id)).expect(201);
    const paypalSubscription = paypal.subscription(id)!;
    expect(res.body).toEqual({
      success: true,
      subscription: {
        id: expect.any(String),
        plan: 'basic',
        billingCycle: 'annual',
        status: 'active',
        paypalSubscriptionId: id,
        amount: '167.88',
        currency: 'USD',
        startDate: paypalSubscription.start_time,
        currentPeriodEnd: paypalSubscription.billing_info!.next_billing_time,
        lastPaymentAt: paypalSubscription.billing_info!.last_payment!.time,
        pendingChange: null,
      },
    });
    const [row] = await subscriptionsOf(id);
    expect({
      userId: row.user.id,
      amountMinor: row.amountMinor,
      currency: row.currency,
      plan: row.plan,
    }).toEqual({
      userId,
      amountMinor: 16788,
      currency: 'USD',
      plan: 'basic',
    });

    const usage = await http().get('/api/v1/usage').set('X-API-Key', key).expect(200);
    expect(usage.body).toMatchObject({ plan: 'basic', monthlyQuota: 10000, burstPerSecond: 10 });

    const account = await http()
      .get('/api/account')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    expect(account.body).toMatchObject({
      plan: 'basic',
      billingCycle: 'annual',
      status: 'active',
      amount: '167.88',
      currency: 'USD',
      currentPeriodEnd: paypalSubscription.billing_info!.next_billing_time,
    });
  });

  it('waits while PayPal activates an APPROVED subscription', async () => {
    const { userId, accessToken } = await signUp();
    const id = approved({ custom_id: userId, status: 'APPROVED', activateAfterReads: 2 });
    const res = await subscribe(accessToken, body(id)).expect(201);
    expect(res.body.subscription.status).toBe('active');
  });

  it('is idempotent for the same user and subscription', async () => {
    const { userId, accessToken } = await signUp();
    const id = approved({ custom_id: userId });
    const first = await subscribe(accessToken, body(id)).expect(201);
    const second = await subscribe(accessToken, body(id)).expect(201);
    expect(second.body.subscription.id).toBe(first.body.subscription.id);
    expect(await subscriptionsOf(id)).toHaveLength(1);
  });

  it('refuses a subscription PayPal does not know: 404 subscription-not-found', async () => {
    const { userId, accessToken, key } = await signUp();
    await expectProblem(await subscribe(accessToken, body('I-DOESNOTEXIST1')), 404, 'subscription-not-found');
    await expectUnchanged(userId, key, 'I-DOESNOTEXIST1');
  });

  it("refuses another user's subscription (custom_id): 403 subscription-owner-mismatch", async () => {
    const victim = await signUp();
    const attacker = await signUp();
    const id = approved({ custom_id: victim.userId });
    await expectProblem(await subscribe(attacker.accessToken, body(id)), 403, 'subscription-owner-mismatch');
    await expectUnchanged(attacker.userId, attacker.key, id);
  });

  it('refuses a subscription whose custom_id is not a user id: 403 subscription-owner-mismatch', async () => {
    const { userId, accessToken, key } = await signUp();
    const id = approved({ custom_id: `${userId}' or '1'='1` });
    await expectProblem(await subscribe(accessToken, body(id)), 403, 'subscription-owner-mismatch');
    await expectUnchanged(userId, key, id);
  });

  it('refuses a subscription without custom_id', async () => {
    const { userId, accessToken, key } = await signUp();
    const id = paypal.createSubscription({ plan_id: PLAN_IDS.basicAnnual }).id;
    await expectProblem(await subscribe(accessToken, body(id)), 403, 'subscription-owner-mismatch');
    await expectUnchanged(userId, key, id);
  });

  it.each([
    ['a plan that is not ours', { plan_id: 'P-NOT-OURS' }, {}],
    ['a cheaper plan than the one asked for', { plan_id: PLAN_IDS.basicMonthly }, {}],
    ['another plan than the one asked for', { plan_id: PLAN_IDS.proMonthly }, { billingCycle: 'monthly' }],
    ['our plan with overridden pricing', { plan_overridden: true }, {}],
    [
      'our enterprise plan at $0.01 (plan.billing_cycles)',
      { plan_id: PLAN_IDS.enterpriseMonthly, plan: oneCent },
      { plan: 'enterprise', billingCycle: 'monthly' },
    ],
  ])('refuses %s: 422 subscription-plan-mismatch', async (_what, fields, asked) => {
    const { userId, accessToken, key } = await signUp();
    const id = approved({ custom_id: userId, ...fields });
    await expectProblem(await subscribe(accessToken, body(id, asked)), 422, 'subscription-plan-mismatch');
    await expectUnchanged(userId, key, id);
  });

  it.each(['APPROVAL_PENDING', 'SUSPENDED', 'CANCELLED', 'EXPIRED'] as const)(
    'refuses a %s subscription: 409 subscription-not-active',
    async (status) => {
      const { userId, accessToken, key } = await signUp();
      const id = approved({ custom_id: userId, status });
      await expectProblem(await subscribe(accessToken, body(id)), 409, 'subscription-not-active');
      await expectUnchanged(userId, key, id);
    },
  );

  it('refuses a subscription PayPal leaves pending, with Retry-After, after a bounded wait', async () => {
    const { userId, accessToken, key } = await signUp();
    const id = approved({ custom_id: userId, status: 'APPROVED' });
    const res = await subscribe(accessToken, body(id));
    await expectProblem(res, 409, 'subscription-not-active');
    expect(res.headers['retry-after']).toBe('60');
    await expectUnchanged(userId, key, id);
  });

  it('refuses a subscription already bound to another user: 409 subscription-already-bound', async () => {
    const owner = await signUp();
    const other = await signUp();
    const id = approved({ custom_id: other.userId });
    await givenIn(t.app).subscription(
      { id: owner.userId },
      {
        plan: 'basic',
        billingCycle: 'annual',
        status: 'active',
        paypalSubscriptionId: id,
        amountMinor: 16788,
      },
    );
    await expectProblem(await subscribe(other.accessToken, body(id)), 409, 'subscription-already-bound');
    expect((await subscriptionsOf(id)).map((subscription) => subscription.user.id)).toEqual([owner.userId]);
    expect(await planOf(other.userId)).toBe('free');
  });

  it('answers 502 with retry advice when PayPal is down, and changes nothing', async () => {
    const { userId, accessToken, key } = await signUp();
    const id = approved({ custom_id: userId });
    paypal.down = true;
    const res = await subscribe(accessToken, body(id));
    await expectProblem(res, 502, 'payment-provider-unavailable');
    expect(res.headers['retry-after']).toBe('60');
    expect(res.body.message).toMatch(/try again/);
    paypal.down = false;
    await expectUnchanged(userId, key, id);
  });

  it('caches the PayPal token, and fetches a new one once PayPal refuses it', async () => {
    const [first, second, third] = [await signUp(), await signUp(), await signUp()];
    const before = paypal.tokensIssued();
    await subscribe(first.accessToken, body(approved({ custom_id: first.userId }))).expect(201);
    await subscribe(second.accessToken, body(approved({ custom_id: second.userId }))).expect(201);
    expect(paypal.tokensIssued() - before).toBeLessThanOrEqual(1);
    paypal.revokeTokens();
    const issued = paypal.tokensIssued();
    await subscribe(third.accessToken, body(approved({ custom_id: third.userId }))).expect(201);
    expect(paypal.tokensIssued()).toBe(issued + 1);
  });

  it.each([
    [{ plan: 'free' }],
    [{ plan: 'Basic' }],
    [{ billingCycle: 'weekly' }],
    [{ paypalSubscriptionId: '../../v1/oauth2/token' }],
    [{ isAdmin: true }],
  ])('refuses a malformed body %j with 400 and success false', async (overrides) => {
    const { accessToken } = await signUp();
    await expectProblem(
      await subscribe(accessToken, body('I-ANYTHING', overrides)),
      400,
      'validation-failed',
    );
  });

  it('requires a signed-in user', async () => {
    await expectProblem(
      await http().post('/api/v1/subscriptions').send(body('I-ANYTHING')),
      401,
      'unauthorized',
    );
  });
});

describe('POST /api/v1/subscriptions without PayPal configured', () => {
  it('answers 503 billing-not-configured', async () => {
    const t = await startTestApp(testConfig());
    try {
      const { accessToken } = await signedInUser(t.app);
      const res = await request(t.app.getHttpServer())
        .post('/api/v1/subscriptions')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ plan: 'basic', billingCycle: 'monthly', paypalSubscriptionId: 'I-ANYTHING1' })
        .expect(503);
      expect(res.body).toMatchObject({ code: 'billing-not-configured', success: false });
    } finally {
      await t.close();
    }
  });
});
