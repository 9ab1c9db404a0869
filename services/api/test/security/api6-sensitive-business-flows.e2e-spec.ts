import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import { ContactMessage, Subscription, User, WebhookEvent } from '@fxrates/db';
import { paypalEventJobId, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { SignedDelivery } from '../../../../libs/paypal/src/stand-in/paypal-stand-in';
import { newEmail, PASSWORD } from '../support/auth-client';
import type { TestApp } from '../test-app';
import { accountState, bearer, accountWithKey, type Account } from './support/accounts';
import {
  BASIC_MONTHLY,
  ENTERPRISE_MONTHLY,
  startBillingApp,
  subscribe,
  type BillingApp,
} from './support/billing';
import { expectProblem } from './support/problem';

const CONTACT_LIMIT = 2;
/** Sign-ups one address may make an hour here (SIGNUP_LIMIT_PER_HOUR). */
const SIGN_UP_LIMIT = 5;
/** More sign-ups from one address than the limit; the throttle must have refused one by then. */
const SIGN_UP_FLOOD = 30;

describe('API6:2023 Unrestricted Access to Sensitive Business Flows', () => {
  let billing: BillingApp;
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const em = () => t.app.get(MikroORM).em.fork();

  beforeAll(async () => {
    billing = await startBillingApp({
      TRUST_PROXY: 'true',
      CONTACT_LIMIT_PER_HOUR: String(CONTACT_LIMIT),
      SIGNUP_LIMIT_PER_HOUR: String(SIGN_UP_LIMIT),
    });
    t = billing.t;
  });
  afterAll(() => billing.close());

  /** The user is still on the free plan, with no paid subscription, and the key is metered as free. */
  async function expectStillFree(account: Account) {
    const user = await em().findOneOrFail(User, account.userId);
    expect(user.plan).toBe('free');
    const paid = await em().find(Subscription, { user: account.userId, plan: { $ne: 'free' } });
    expect(paid).toEqual([]);
    const usage = await http().get('/api/v1/usage').set('X-API-Key', account.key).expect(200);
    expect(usage.body).toMatchObject({ plan: 'free', monthlyQuota: 1000 });
  }

  describe('checkout at a price we did not set', () => {
    it('refuses our plan with PayPal pricing overridden by the buyer: 422 subscription-plan-mismatch', async () => {
      const buyer = await accountWithKey(t);
      const id = billing.paypal.createSubscription({
        plan_id: BASIC_MONTHLY,
        custom_id: buyer.userId,
        plan_overridden: true,
      }).id;
      expectProblem(
        await subscribe(t, buyer, { paypalSubscriptionId: id }),
        422,
        'subscription-plan-mismatch',
      );
      await expectStillFree(buyer);
    });

    // A custom `plan.billing_cycles` price is refused however PayPal flags it.
    it('refuses our plan id carrying an inline plan priced at $0.01, even without plan_overridden', async () => {
      const buyer = await accountWithKey(t);
      const subscription = billing.paypal.createSubscription({
        plan_id: BASIC_MONTHLY,
        custom_id: buyer.userId,
      });
      // What PayPal shows for a subscription created with a `plan` override (Subscriptions API v1).
      const stored = subscription as unknown as Record<string, unknown>;
      delete stored.plan_overridden;
      stored.plan = {
        billing_cycles: [
          {
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: { fixed_price: { currency_code: 'USD', value: '0.01' } },
          },
        ],
      };
      subscription.billing_info!.last_payment!.amount.value = '0.01';
      expectProblem(
        await subscribe(t, buyer, { paypalSubscriptionId: subscription.id }),
        422,
        'subscription-plan-mismatch',
      );
      await expectStillFree(buyer);
    });

    it('refuses a cheaper plan claimed as a dearer one: 422, and the dearer plan is not granted', async () => {
      const buyer = await accountWithKey(t);
      const id = billing.paypal.createSubscription({ plan_id: BASIC_MONTHLY, custom_id: buyer.userId }).id;
      const res = await subscribe(t, buyer, { paypalSubscriptionId: id, plan: 'enterprise', amount: 15.99 });
      expectProblem(res, 422, 'subscription-plan-mismatch');
      await expectStillFree(buyer);
    });

    it('does not bring a cancelled subscription back by claiming it again: 409 subscription-not-active', async () => {
      const buyer = await accountWithKey(t);
      const id = billing.paypal.createSubscription({ plan_id: BASIC_MONTHLY, custom_id: buyer.userId }).id;
      await subscribe(t, buyer, { paypalSubscriptionId: id }).expect(201);
      await http().post('/api/v1/subscriptions/cancel').set('Authorization', bearer(buyer)).expect(200);
      const before = await accountState(t, buyer.userId);
      expectProblem(await subscribe(t, buyer, { paypalSubscriptionId: id }), 409, 'subscription-not-active');
      expect(await accountState(t, buyer.userId)).toEqual(before);
      expect(billing.paypal.subscription(id)!.status).toBe('CANCELLED');
    });
  });

  describe('plan changes, resubscribing and resuming', () => {
    const WEB = 'http://127.0.0.1:3000';
    const urls = { returnUrl: `${WEB}/account?plan-change=paid`, cancelUrl: `${WEB}/account` };
    const post = (account: Account, path: string, body: object) =>
      http()
        .post(`/api/v1/subscriptions${path}`)
        .set('Authorization', bearer(account))
        .set('Origin', WEB)
        .send(body);
    const planOf = async (account: Account) => (await em().findOneOrFail(User, account.userId)).plan;

    /** A new account, made without signing up: the sign-up limits here are the flood tests'. */
    const signedUp = (): Promise<Account> => accountWithKey(t);

    async function basicSubscriber(): Promise<Account & { paypalId: string }> {
      const buyer = await signedUp();
      const paypalId = billing.paypal.createSubscription({
        plan_id: BASIC_MONTHLY,
        custom_id: buyer.userId,
      }).id;
      await subscribe(t, buyer, { paypalSubscriptionId: paypalId }).expect(201);
      return { ...buyer, paypalId };
    }

    it('grants no higher plan for a revision approved at PayPal without its difference paid', async () => {
      const buyer = await basicSubscriber();
      const subscription = billing.paypal.subscription(buyer.paypalId)!;
      subscription.plan_id = ENTERPRISE_MONTHLY; // as a revision the buyer approved at PayPal
      const confirmed = await post(buyer, '/change/confirm', {}).expect(200);
      expect(confirmed.body.subscription.plan).toBe('basic');
      expect(await planOf(buyer)).toBe('basic');
      const usage = await http().get('/api/v1/usage').set('X-API-Key', buyer.key).expect(200);
      expect(usage.body.plan).toBe('basic');
    });

    it('takes an upgrade payment once: a replayed or forged payment id grants nothing more', async () => {
      const buyer = await basicSubscriber();
      const started = await post(buyer, '/change', {
        plan: 'enterprise',
        billingCycle: 'monthly',
        ...urls,
      }).expect(200);
      const paymentId: string = started.body.payment.id;
      expectProblem(await post(buyer, '/change/pay', { paymentId, ...urls }), 409, 'payment-not-approved');
      expect(await planOf(buyer)).toBe('basic');
      billing.paypal.orders.approve(new URL(started.body.approveUrl).searchParams.get('token')!);
      await post(buyer, '/change/pay', { paymentId, ...urls }).expect(200);
      expect(await planOf(buyer)).toBe('enterprise');
      const captures = billing.paypal.orders.captureCalls;
      expectProblem(
        await post(buyer, '/change/pay', { paymentId, ...urls }),
        409,
        'payment-already-captured',
      );
      const stranger = await basicSubscriber();
      expectProblem(await post(stranger, '/change/pay', { paymentId, ...urls }), 404, 'payment-not-found');
      expectProblem(
        await post(stranger, '/change/pay', { paymentId: 'not-a-uuid', ...urls }),
        400,
        'validation-failed',
      );
      expect(billing.paypal.orders.captureCalls).toBe(captures);
      expect(await planOf(stranger)).toBe('basic');
    });

    it('refuses a resubscription that would bill the paid month again, and resumes one that starts when it ends', async () => {
      const buyer = await basicSubscriber();
      await http().post('/api/v1/subscriptions/cancel').set('Authorization', bearer(buyer)).expect(200);
      const end = (await em().findOneOrFail(Subscription, { paypalSubscriptionId: buyer.paypalId }))
        .currentPeriodEnd!;
      const now = billing.paypal.createSubscription({ plan_id: BASIC_MONTHLY, custom_id: buyer.userId }).id;
      expectProblem(await subscribe(t, buyer, { paypalSubscriptionId: now }), 409, 'paid-period-remaining');
      expect(billing.paypal.subscription(now)!.status).toBe('CANCELLED');
      const resumed = billing.paypal.createSubscription({
        plan_id: BASIC_MONTHLY,
        custom_id: buyer.userId,
        start_time: end.toISOString(),
      }).id;
      await subscribe(t, buyer, { paypalSubscriptionId: resumed }).expect(201);
      expect(billing.paypal.sales(resumed)).toEqual([]);
      expect(await planOf(buyer)).toBe('basic');
    });
  });

  describe('PayPal webhooks', () => {
    const deliver = ({ body, headers }: SignedDelivery) =>
      http().post('/api/billing/paypal/webhook').set(headers).send(body);
    const storedEvents = (eventId: string) => em().find(WebhookEvent, { eventId });
    const queue = () => t.app.get<Queue>(getQueueToken(QUEUES.paypalWebhooks));
    const jobsFor = async (eventId: string) =>
      (await queue().getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter(
        (job) => job.data.eventId === eventId,
      );
    const activation = () => {
      const id = billing.paypal.createSubscription({ plan_id: BASIC_MONTHLY, custom_id: 'someone' }).id;
      return billing.paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', id);
    };

    async function expectRefused(delivery: SignedDelivery, eventId: string) {
      expectProblem(await deliver(delivery), 400, 'webhook-signature-invalid');
      expect(await storedEvents(eventId)).toEqual([]);
      expect(await queue().getJob(paypalEventJobId(eventId))).toBeUndefined();
    }

    it('takes a replayed event once: the same delivery again, or re-signed, stores and queues it once', async () => {
      const event = activation();
      const delivery = billing.paypal.sign(event);
      await deliver(delivery).expect(200);
      await deliver(delivery).expect(200);
      await deliver(billing.paypal.sign(event)).expect(200);
      expect(await storedEvents(event.id)).toHaveLength(1);
      expect(await jobsFor(event.id)).toHaveLength(1);
    });

    it('refuses a forged signature: 400 webhook-signature-invalid, nothing stored or queued', async () => {
      const event = activation();
      const delivery = billing.paypal.sign(event);
      const forged = Buffer.from('forged by someone without PayPal’s key').toString('base64');
      await expectRefused(
        { ...delivery, headers: { ...delivery.headers, 'paypal-transmission-sig': forged } },
        event.id,
      );
    });

    it("refuses one event's genuine signature on another event's body", async () => {
      const genuine = billing.paypal.sign(activation());
      const other = activation();
      await expectRefused({ body: JSON.stringify(other), headers: genuine.headers }, other.id);
    });

    it('refuses an event without any PayPal headers', async () => {
      const event = activation();
      await expectRefused(
        { body: JSON.stringify(event), headers: { 'content-type': 'application/json' } },
        event.id,
      );
    });

    it('refuses an event whose genuine body was changed after signing', async () => {
      const event = activation();
      const delivery = billing.paypal.sign(event);
      await expectRefused(
        {
          ...delivery,
          body: delivery.body.replace('"plan_id":"P-BASIC-MONTHLY"', '"plan_id":"P-ENTERPRISE"'),
        },
        event.id,
      );
    });
  });

  describe('sign-up', () => {
    async function flood(addressOf: (attempt: number) => string) {
      const answers: { status: number; email: string; res: request.Response }[] = [];
      for (let attempt = 0; attempt < SIGN_UP_FLOOD; attempt++) {
        const email = newEmail();
        const res = await http()
          .post('/api/auth/register')
          .set('X-Forwarded-For', addressOf(attempt))
          .send({ firstName: 'Bot', lastName: String(attempt), email, password: PASSWORD });
        answers.push({ status: res.status, email, res });
        if (res.status === 429) break;
      }
      return answers;
    }

    // Sign-up is throttled per address (per /64 for IPv6).
    it(`refuses a flood of sign-ups from one address within ${SIGN_UP_FLOOD}: 429 too-many-attempts, nothing created`, async () => {
      const answers = await flood(() => '203.0.113.66');
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(SIGN_UP_LIMIT);
      const refused = answers.at(-1)!;
      expectProblem(refused.res, 429, 'too-many-attempts');
      expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await em().find(User, { email: refused.email.toLowerCase() })).toEqual([]);
      const elsewhere = newEmail();
      await http()
        .post('/api/auth/register')
        .set('X-Forwarded-For', '198.51.100.66')
        .send({ firstName: 'Ada', lastName: 'L', email: elsewhere, password: PASSWORD })
        .expect(201);
    }, 60_000);

    it(`counts an IPv6 client by its /64: stepping through its addresses does not help`, async () => {
      const answers = await flood((attempt) => `2001:db8:66:1::${(attempt + 1).toString(16)}`);
      expectProblem(answers.at(-1)!.res, 429, 'too-many-attempts');
    }, 60_000);
  });

  describe('the contact form', () => {
    it(`takes ${CONTACT_LIMIT} messages an hour from one address, then 429 and stores nothing more`, async () => {
      const address = '203.0.113.77';
      const message = (subject: string) => ({
        name: 'Spammer',
        email: 'spam@example.com',
        subject,
        message: 'Buy now',
        recaptchaToken: 'unchecked-in-tests',
      });
      const send = (subject: string) =>
        http().post('/api/v1/contact').set('X-Forwarded-For', address).send(message(subject));
      for (let i = 0; i < CONTACT_LIMIT; i++) await send(`spam ${i}`).expect(202);
      const refused = await send('spam over the limit');
      expectProblem(refused, 429, 'rate-limited');
      expect(await em().find(ContactMessage, { subject: 'spam over the limit' })).toEqual([]);
    });
  });
});
