import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { register } from './support/auth-client';
import { payPalEnv } from './support/paypal-env';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const PLAN_IDS = {
  basicAnnual: 'P-BASIC-ANNUAL',
  proMonthly: 'P-PRO-MONTHLY',
  proAnnual: 'P-PRO-ANNUAL',
  enterpriseMonthly: 'P-ENTERPRISE-MONTHLY',
};
const WEB = 'https://web.fxrates.test';
const RETURN = { returnUrl: `${WEB}/account?plan-change=approved`, cancelUrl: `${WEB}/account` };

describe('changing plan through PayPal revise', () => {
  let paypal: PayPalStandIn;
  let t: TestApp;

  const http = () => request(t.app.getHttpServer());
  const sql = (query: string, params: unknown[] = []) =>
    t.app.get(MikroORM).em.getConnection().execute(query, params);
  const planOf = async (userId: string) =>
    (await sql('select plan from users where id = ?', [userId]))[0].plan as string;

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

  function expectProblem(res: request.Response, status: number, code: string) {
    expect([res.status, res.body.code]).toEqual([status, code]);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  }

  /** A new user subscribed through the API as the subscribe page does, with an API key. */
  async function subscriber(planId = PLAN_IDS.proAnnual, plan = 'professional', billingCycle = 'annual') {
    const { res, accessToken } = await register(t.app);
    const userId: string = res.body.user.uid;
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

  it('upgrades by revising the PayPal subscription, and applies the plan only once PayPal confirms it', async () => {
    const { userId, accessToken, paypalId, key } = await subscriber(PLAN_IDS.basicAnnual, 'basic', 'annual');
    const started = await change(accessToken, 'professional', 'annual').expect(200);
    expect(started.body).toEqual({ direction: 'upgrade', approveUrl: expect.stringContaining(paypal.url) });
    expect(paypal.pendingRevisions(paypalId)).toEqual([
      { planId: PLAN_IDS.proAnnual, returnUrl: RETURN.returnUrl, cancelUrl: RETURN.cancelUrl },
    ]);

    // Not approved yet: confirming changes nothing.
    const early = await confirm(accessToken).expect(200);
    expect(early.body.subscription).toMatchObject({
      plan: 'basic',
      billingCycle: 'annual',
      pendingChange: null,
    });
    expect(await planOf(userId)).toBe('basic');

    paypal.approveRevision(paypalId);
    const confirmed = await confirm(accessToken).expect(200);
    expect(confirmed.body).toMatchObject({
      success: true,
      subscription: {
        paypalSubscriptionId: paypalId,
        plan: 'professional',
        amount: '635.88',
        pendingChange: null,
      },
    });
    expect(await planOf(userId)).toBe('professional');
    expect(await usagePlan(key)).toBe('professional');
    expect(await account(accessToken)).toMatchObject({
      plan: 'professional',
      amount: '635.88',
      pendingChange: null,
    });

    // Replaying the confirmation changes nothing more.
    const replay = await confirm(accessToken).expect(200);
    expect(replay.body.subscription).toEqual(confirmed.body.subscription);
    expect(
      await sql('select id from subscriptions where user_id = ? and paypal_subscription_id is not null', [
        userId,
      ]),
    ).toHaveLength(1);
  });

  it('schedules a downgrade for the end of the paid period and keeps the paid plan until then', async () => {
    const { userId, accessToken, paypalId, key } = await subscriber();
    const periodEnd = paypal.subscription(paypalId)!.billing_info!.next_billing_time;
    const started = await change(accessToken, 'basic', 'annual').expect(200);
    expect(started.body.direction).toBe('downgrade');
    paypal.approveRevision(paypalId);
    expect(paypal.subscription(paypalId)!.plan_id).toBe(PLAN_IDS.basicAnnual);

    const confirmed = await confirm(accessToken).expect(200);
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
    // Replaying the confirmation schedules nothing new.
    expect((await confirm(accessToken).expect(200)).body.subscription.pendingChange).toEqual(pendingChange);
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
    expect(await sql('select id from subscriptions where paypal_subscription_id = ?', [second])).toEqual([]);
    expect(await planOf(userId)).toBe('professional');
    expect(await usagePlan(key)).toBe('professional');
  });

  it('lets only one of two new subscriptions reported at once become active', async () => {
    const { res, accessToken } = await register(t.app);
    const userId: string = res.body.user.uid;
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
    expect(
      await sql(
        'select paypal_subscription_id from subscriptions where user_id = ? and status = ? and paypal_subscription_id is not null',
        [userId, 'active'],
      ),
    ).toEqual([{ paypal_subscription_id: kept }]);
  });

  it('allows a new subscription once the previous one is cancelled', async () => {
    const { userId, accessToken } = await subscriber();
    await http()
      .post('/api/v1/subscriptions/cancel')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    const next = paypal.createSubscription({ plan_id: PLAN_IDS.enterpriseMonthly, custom_id: userId }).id;
    await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ plan: 'enterprise', billingCycle: 'monthly', paypalSubscriptionId: next })
      .expect(201);
    expect(await planOf(userId)).toBe('enterprise');
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
    const { accessToken: freeToken } = await register(t.app);
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
    expect(
      (await sql('select plan from subscriptions where paypal_subscription_id = ?', [paypalId]))[0].plan,
    ).toBe('basic');
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
    expectProblem(await change(accessToken, 'enterprise', 'monthly'), 409, 'subscription-not-active');
  });

  it('requires a signed-in user', async () => {
    for (const path of ['/change', '/change/undo', '/change/confirm']) {
      expectProblem(await http().post(`/api/v1/subscriptions${path}`).send(RETURN), 401, 'unauthorized');
    }
  });
});
