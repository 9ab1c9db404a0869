import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Payment, Subscription } from '@fxrates/db';
import { signedInUser } from '../../api/test/support/signed-in';
import { SubscriptionSync } from '../src/billing/subscription-sync';
import { startBillingWorld, type BillingWorld } from './support/billing-world';
import { billingProbe } from './support/billing-probe';
import { ENTERPRISE_MONTHLY, subscribedUser } from './support/subscribed';
import { runJob, until } from './support/waiting';

const WEB = 'http://127.0.0.1:3000';
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * A downgrade confirmed at PayPal waits for the end of the period already paid for; the worker applies
 * it then (a delayed sync, and the hourly sweep as the backstop), once, whatever runs it twice.
 */
describe('worker: scheduled plan changes', () => {
  let world: BillingWorld;
  let probe: ReturnType<typeof billingProbe>;
  let queue: Queue;

  /** An Enterprise-monthly subscriber who downgraded to Basic annual, approved at PayPal and confirmed. */
  async function downgraded(confirm = true) {
    const { id: userId, accessToken } = await signedInUser(world.api.app);
    const paypalId = world.paypal.createSubscription({ plan_id: ENTERPRISE_MONTHLY, custom_id: userId }).id;
    await probe
      .claim(accessToken, { plan: 'enterprise', billingCycle: 'monthly', paypalSubscriptionId: paypalId })
      .expect(201);
    const key = await probe.keyOf(accessToken);
    await probe
      .http()
      .post('/api/v1/subscriptions/change')
      .set('Authorization', `Bearer ${accessToken}`)
      .set('Origin', WEB)
      .send({ plan: 'basic', billingCycle: 'annual', returnUrl: `${WEB}/account` })
      .expect(200);
    world.paypal.approveRevision(paypalId);
    if (confirm) {
      await probe
        .http()
        .post('/api/v1/subscriptions/change/confirm')
        .set('Authorization', `Bearer ${accessToken}`)
        .expect(200);
    }
    return { userId, accessToken, paypalId, key };
  }

  /** The paid period ends now: what the delayed job and the sweep then find. */
  const periodOver = (paypalId: string) => {
    const aSecondAgo = new Date(Date.now() - 1000);
    return probe.updateSubscription(paypalId, { pendingChangeAt: aSecondAgo, currentPeriodEnd: aSecondAgo });
  };

  const payment = (paymentId: string) => probe.em().findOneOrFail(Payment, paymentId);
  /** Started `ageMs` ago: past the grace the sweep leaves to the buyer's own return. */
  const startedAgo = (paymentId: string, ageMs: number) =>
    probe.em().nativeUpdate(Payment, { id: paymentId }, { createdAt: new Date(Date.now() - ageMs) });

  const sweep = () =>
    runJob<{ downgraded: number; planChanges: number; upgradesRecovered: number }>(
      queue,
      JOBS.endLapsedPlans,
      {
        trigger: 'manual',
      },
    );

  beforeAll(async () => {
    world = await startBillingWorld();
    probe = billingProbe(world);
    queue = world.worker.get(getQueueToken(QUEUES.paypalWebhooks));
  }, 30_000);
  afterAll(() => world.close());

  it('grants a higher tier PayPal announces only once PayPal billed its price', async () => {
    const { userId, paypalId } = await subscribedUser(world.api, world.paypal);
    // Revised at PayPal to Enterprise without the difference paid (approved there, never through our API).
    Object.assign(world.paypal.subscription(paypalId)!, {
      plan_id: ENTERPRISE_MONTHLY,
      update_time: new Date().toISOString(),
    });
    await probe.deliverAndWait(world.paypal.event('BILLING.SUBSCRIPTION.UPDATED', paypalId));
    expect(await probe.planOf(userId)).toBe('basic');
    expect((await probe.subscriptionRow(paypalId)).plan).toBe('basic');

    world.paypal.renew(paypalId);
    await probe.deliverAndWait(world.paypal.event('PAYMENT.SALE.COMPLETED', paypalId));
    expect(await probe.planOf(userId)).toBe('enterprise');
  });

  it.each(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED'])(
    'takes an upgrade back when its payment is given back (%s), once',
    async (eventType) => {
      const { userId, accessToken, paypalId } = await subscribedUser(world.api, world.paypal);
      const post = (path: string, body: object) =>
        probe
          .http()
          .post(`/api/v1/subscriptions${path}`)
          .set('Authorization', `Bearer ${accessToken}`)
          .set('Origin', WEB)
          .send({ returnUrl: `${WEB}/account`, ...body });
      const started = await post('/change', { plan: 'enterprise', billingCycle: 'monthly' }).expect(200);
      world.paypal.orders.approve(new URL(started.body.approveUrl).searchParams.get('token')!);
      await post('/change/pay', { paymentId: started.body.payment.id }).expect(200);
      expect(await probe.planOf(userId)).toBe('enterprise');
      const captureId = (await payment(started.body.payment.id)).paypalCaptureId!;

      world.paypal.orders.takeBack(captureId, eventType.endsWith('REFUNDED') ? 'REFUNDED' : 'REVERSED');
      const event = world.paypal.orders.captureEvent(eventType, captureId);
      await probe.deliverAndWait(event);
      expect(await probe.planOf(userId)).toBe('basic');
      const row = await probe.subscriptionRow(paypalId);
      expect([row.plan, row.billingCycle, row.pendingPlan]).toEqual(['basic', 'annual', null]);
      expect((await payment(started.body.payment.id)).status).toBe('refunded');

      // Delivered again (re-signed): nothing more changes.
      await probe.deliverAndWait({ ...event, id: `${event.id}-again` });
      expect(await probe.planOf(userId)).toBe('basic');
    },
  );

  /** A Basic annual subscriber who cancelled: paid for almost a year more. */
  async function cancelledSubscriber() {
    const subscriber = await subscribedUser(world.api, world.paypal);
    await probe
      .http()
      .post('/api/v1/subscriptions/cancel')
      .set('Authorization', `Bearer ${subscriber.accessToken}`)
      .expect(200);
    return subscriber;
  }

  /** Starts an upgrade to Enterprise monthly as the subscribe page does: its payment waits at PayPal. */
  const upgradeToEnterprise = (accessToken: string) =>
    probe
      .http()
      .post('/api/v1/subscriptions/change')
      .set('Authorization', `Bearer ${accessToken}`)
      .set('Origin', WEB)
      .send({ plan: 'enterprise', billingCycle: 'monthly', returnUrl: `${WEB}/account` })
      .expect(200);

  /**
   * A subscriber's upgrade captured at PayPal, then our record of it lost (the tab closed, the instance
   * died before its commit), past the grace left to the buyer's own return.
   */
  async function capturedUnrecordedUpgrade() {
    const { userId, accessToken } = await subscribedUser(world.api, world.paypal);
    const started = await upgradeToEnterprise(accessToken);
    const orderId = new URL(started.body.approveUrl).searchParams.get('token')!;
    world.paypal.orders.approve(orderId);
    expect(world.paypal.orders.capture(orderId)[0]).toBe(201);
    const paymentId: string = started.body.payment.id;
    await startedAgo(paymentId, 15 * MINUTE_MS);
    return { userId, accessToken, paymentId };
  }

  const paymentStatus = async (paymentId: string) => (await payment(paymentId)).status;

  it('records and grants, in the hourly sweep, an upgrade PayPal captured whose buyer never came back', async () => {
    const { userId, paymentId } = await capturedUnrecordedUpgrade();
    const captures = world.paypal.orders.captureCalls;
    expect((await sweep()).upgradesRecovered).toBeGreaterThanOrEqual(1);
    expect(await probe.planOf(userId)).toBe('enterprise');
    expect(await paymentStatus(paymentId)).toBe('captured');
    expect(world.paypal.orders.captureCalls).toBe(captures);

    // An order only approved is never captured by the sweep: it stays the buyer's to complete.
    const other = await subscribedUser(world.api, world.paypal);
    const pending = await upgradeToEnterprise(other.accessToken);
    world.paypal.orders.approve(new URL(pending.body.approveUrl).searchParams.get('token')!);
    await startedAgo(pending.body.payment.id, 15 * MINUTE_MS);
    await sweep();
    expect(await probe.planOf(other.userId)).toBe('basic');
    expect(world.paypal.orders.captureCalls).toBe(captures);
  });

  it('finds a captured upgrade behind hundreds of abandoned checkouts, and expires those whose quote ran out', async () => {
    const { userId, accessToken, paymentId } = await capturedUnrecordedUpgrade();
    // Buyers who went to PayPal and never paid: their payments stay 'created', on both sides of it,
    // and older ones whose quote ran out an hour ago.
    const upgrade = await payment(paymentId);
    const subscription = await probe.em().findOneOrFail(Subscription, upgrade.subscription.id);
    const abandoned = async (ageMs: number): Promise<string[]> => {
      const createdAt = new Date(Date.now() - ageMs);
      const quote = () =>
        probe.given.payment(
          {
            id: subscription.id,
            userId,
            plan: subscription.plan,
            billingCycle: subscription.billingCycle,
            amountMinor: subscription.amountMinor,
            currentPeriodEnd: subscription.currentPeriodEnd,
          },
          {
            kind: 'upgrade',
            status: 'created',
            fromPlan: upgrade.fromPlan,
            fromBillingCycle: upgrade.fromBillingCycle,
            plan: upgrade.plan,
            billingCycle: upgrade.billingCycle,
            amountMinor: upgrade.amountMinor,
            periodStart: null,
            periodEnd: upgrade.periodEnd,
            paypalOrderId: `ABANDONED-${randomUUID()}`,
            expiresAt: new Date(createdAt.getTime() + HOUR_MS),
            createdAt,
          },
        );
      return (await Promise.all(Array.from({ length: 120 }, quote))).map((row) => row.id);
    };
    await abandoned(20 * MINUTE_MS);
    await abandoned(12 * MINUTE_MS);
    const ranOut = await abandoned(2 * HOUR_MS);

    const swept = await sweep();
    expect(swept.upgradesRecovered).toBeGreaterThanOrEqual(1);
    expect(await probe.planOf(userId)).toBe('enterprise');
    expect(await paymentStatus(paymentId)).toBe('captured');

    // Run out: marked expired once, never asked about again, and refused as a quote that expired.
    expect(await paymentStatus(ranOut[0])).toBe('expired');
    expect(await probe.em().count(Payment, { id: { $in: ranOut }, status: 'created' })).toBe(0);
    const paid = await probe
      .http()
      .post('/api/v1/subscriptions/change/pay')
      .set('Authorization', `Bearer ${accessToken}`)
      .set('Origin', WEB)
      .send({ paymentId: ranOut[0], returnUrl: `${WEB}/account` });
    expect([paid.status, paid.body.code]).toEqual([409, 'quote-expired']);
  });

  it('never binds a subscription PayPal starts billing before the paid time ends, and cancels it', async () => {
    const { userId, paypalId } = await cancelledSubscriber();
    // Approved at PayPal, billing from today; the browser never reported it.
    const overlapping = world.paypal.createSubscription({ plan_id: ENTERPRISE_MONTHLY, custom_id: userId });
    await probe.deliverAndWait(world.paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', overlapping.id));
    expect(await probe.planOf(userId)).toBe('basic');
    expect(await probe.subscriptionStored(overlapping.id)).toBe(false);
    expect(world.paypal.subscription(overlapping.id)!.status).toBe('CANCELLED');
    expect((await probe.subscriptionRow(paypalId)).status).toBe('cancelled');
  });

  it('moves a user to the plan bought for when their paid time ends, once it starts, not before', async () => {
    const { userId, accessToken, paypalId } = await cancelledSubscriber();
    const paidUntil = (await probe.subscriptionRow(paypalId)).currentPeriodEnd!.toISOString();
    const next = world.paypal.createSubscription({
      plan_id: ENTERPRISE_MONTHLY,
      custom_id: userId,
      start_time: paidUntil,
    });
    await probe
      .claim(accessToken, { plan: 'enterprise', billingCycle: 'monthly', paypalSubscriptionId: next.id })
      .expect(201);
    await probe.deliverAndWait(world.paypal.event('BILLING.SUBSCRIPTION.UPDATED', next.id));
    expect(await probe.planOf(userId)).toBe('basic');

    // The paid year is over: PayPal starts the new subscription with its first payment.
    await probe.updateSubscription(paypalId, { currentPeriodEnd: new Date(Date.now() - 1000) });
    world.paypal.subscription(next.id)!.start_time = new Date(Date.now() - 1000).toISOString();
    world.paypal.renew(next.id);
    await probe.deliverAndWait(world.paypal.event('PAYMENT.SALE.COMPLETED', next.id));
    expect(await probe.planOf(userId)).toBe('enterprise');
  });

  it('keeps the paid plan when PayPal announces the downgrade, and schedules it for the period end', async () => {
    const { userId, paypalId } = await downgraded(false);
    const periodEnd = world.paypal.subscription(paypalId)!.billing_info!.next_billing_time!;
    await probe.deliverAndWait(world.paypal.event('BILLING.SUBSCRIPTION.UPDATED', paypalId));
    expect(await probe.planOf(userId)).toBe('enterprise');
    const row = await probe.subscriptionRow(paypalId);
    expect([row.plan, row.amountMinor, row.pendingPlan, row.pendingBillingCycle]).toEqual([
      'enterprise',
      9999,
      'basic',
      'annual',
    ]);
    expect(row.pendingChangeAt?.toISOString()).toBe(periodEnd);
    const delayed = (await queue.getJobs(['delayed'])).filter(
      (job) => job.name === JOBS.syncPayPalSubscription && job.data.paypalSubscriptionId === paypalId,
    );
    expect(delayed.map((job) => job.id)).toContain(`paypal-sync-${paypalId}-${Date.parse(periodEnd)}`);
    // Reconcile (every active subscription synced) keeps it scheduled too.
    await probe.reconcile();
    expect(await probe.planOf(userId)).toBe('enterprise');
  }, 30_000);

  it('applies the downgrade at the end of the paid period, once, which the API meters at once', async () => {
    const { userId, paypalId, key, accessToken } = await downgraded();
    expect(await probe.meteredPlan(key)).toBe('enterprise');
    // Not due yet: the sweep leaves it.
    await sweep();
    expect(await probe.planOf(userId)).toBe('enterprise');

    await periodOver(paypalId);
    const sync = world.worker.get(SubscriptionSync);
    // Two workers at once (and the sweep after them): one effect.
    await Promise.all([sync.applyDueChanges(), sync.applyDueChanges()]);
    await sweep();
    expect(await probe.planOf(userId)).toBe('basic');
    const row = await probe.subscriptionRow(paypalId);
    expect([row.plan, row.billingCycle, row.amountMinor, row.pendingPlan, row.pendingChangeAt]).toEqual([
      'basic',
      'annual',
      16788,
      null,
      null,
    ]);
    await until(async () => (await probe.meteredPlan(key)) === 'basic');
    const account = await probe.http().get('/api/account').set('Authorization', `Bearer ${accessToken}`);
    expect(account.body).toMatchObject({
      plan: 'basic',
      billingCycle: 'annual',
      amount: '167.88',
      pendingChange: null,
    });
  }, 30_000);

  it('drops a scheduled downgrade that was undone at PayPal, keeping the plan paid for', async () => {
    const { userId, paypalId, accessToken } = await downgraded();
    // Undone at PayPal (the buyer approved the revision back) but never confirmed in the web app.
    await probe
      .http()
      .post('/api/v1/subscriptions/change/undo')
      .set('Authorization', `Bearer ${accessToken}`)
      .set('Origin', WEB)
      .send({ returnUrl: `${WEB}/account` })
      .expect(200);
    world.paypal.approveRevision(paypalId);
    await periodOver(paypalId);
    const { planChanges } = await sweep();
    expect(planChanges).toBeGreaterThanOrEqual(1);
    expect(await probe.planOf(userId)).toBe('enterprise');
    const row = await probe.subscriptionRow(paypalId);
    expect([row.plan, row.pendingPlan]).toEqual(['enterprise', null]);
    expect(world.paypal.subscription(paypalId)!.plan_id).toBe(ENTERPRISE_MONTHLY);
  }, 30_000);
});
