import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, paypalEventJobId, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { signedInUser } from '../../api/test/support/signed-in';
import type { PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import type { TestApp } from '../../api/test/test-app';
import { startBillingWorld, type BillingWorld } from './support/billing-world';
import { billingProbe } from './support/billing-probe';
import { until } from './support/waiting';
import { BASIC_ANNUAL, subscribedUser } from './support/subscribed';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('worker: PayPal webhooks', () => {
  let paypal: PayPalStandIn;
  let api: TestApp;
  let worker: INestApplicationContext;

  let probe: ReturnType<typeof billingProbe>;

  const subscribed = () => subscribedUser(api, paypal);

  let world: BillingWorld;
  beforeAll(async () => {
    world = await startBillingWorld();
    ({ paypal, api, worker } = world);
    probe = billingProbe(world);
  });
  afterAll(() => world.close());

  it('applies a cancellation: status cancelled, the plan kept until the paid period ends', async () => {
    const { userId, paypalId } = await subscribed();
    const paidUntil = (await probe.subscriptionRow(paypalId)).currentPeriodEnd;
    paypal.setStatus(paypalId, 'CANCELLED');
    await probe.deliverAndWait(paypal.event('BILLING.SUBSCRIPTION.CANCELLED', paypalId));
    const row = await probe.subscriptionRow(paypalId);
    expect(row.status).toBe('cancelled');
    expect(row.currentPeriodEnd).toEqual(paidUntil);
    expect(await probe.planOf(userId)).toBe('basic');
  });

  it('returns the plan to free once a cancelled or expired subscription is past its period end', async () => {
    const { userId, paypalId } = await subscribed();
    await probe.updateSubscription(paypalId, { currentPeriodEnd: new Date(Date.now() - DAY_MS) });
    paypal.setStatus(paypalId, 'EXPIRED');
    await probe.deliverAndWait(paypal.event('BILLING.SUBSCRIPTION.EXPIRED', paypalId));
    expect((await probe.subscriptionRow(paypalId)).status).toBe('expired');
    expect(await probe.planOf(userId)).toBe('free');
  });

  it('never moves state backwards: a late ACTIVATED after a cancellation leaves it cancelled', async () => {
    const { paypalId } = await subscribed();
    const activated = paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', paypalId);
    paypal.setStatus(paypalId, 'CANCELLED');
    await probe.deliverAndWait(paypal.event('BILLING.SUBSCRIPTION.CANCELLED', paypalId));
    await probe.deliverAndWait(activated);
    expect((await probe.subscriptionRow(paypalId)).status).toBe('cancelled');
  });

  it('never applies a PayPal state older than the one stored', async () => {
    const { paypalId } = await subscribed();
    await probe.updateSubscription(paypalId, { paypalUpdatedAt: new Date(Date.now() + HOUR_MS) });
    paypal.setStatus(paypalId, 'CANCELLED');
    await probe.deliverAndWait(paypal.event('BILLING.SUBSCRIPTION.CANCELLED', paypalId));
    expect((await probe.subscriptionRow(paypalId)).status).toBe('active');
  });

  it('records a renewal payment: last payment and next billing from PayPal', async () => {
    const { paypalId } = await subscribed();
    const firstDue = (await probe.subscriptionRow(paypalId)).currentPeriodEnd!;
    paypal.renew(paypalId);
    await probe.deliverAndWait(paypal.event('PAYMENT.SALE.COMPLETED', paypalId));
    const row = await probe.subscriptionRow(paypalId);
    const billing = paypal.subscription(paypalId)!.billing_info!;
    expect(row.lastPaymentAt?.toISOString()).toBe(billing.last_payment!.time);
    expect(row.currentPeriodEnd?.toISOString()).toBe(billing.next_billing_time);
    expect(row.currentPeriodEnd?.getUTCFullYear()).toBe(firstDue.getUTCFullYear() + 1);
  });

  it('suspends on a failed payment, keeping the plan to the end of the paid period', async () => {
    const { userId, paypalId } = await subscribed();
    paypal.setStatus(paypalId, 'SUSPENDED');
    await probe.deliverAndWait(paypal.event('BILLING.SUBSCRIPTION.PAYMENT.FAILED', paypalId));
    expect((await probe.subscriptionRow(paypalId)).status).toBe('suspended');
    expect(await probe.planOf(userId)).toBe('basic');
  });

  it('binds a subscription the browser never reported, from an ACTIVATED event', async () => {
    const { id: userId } = await signedInUser(api.app);
    const paypalId = paypal.createSubscription({ plan_id: BASIC_ANNUAL, custom_id: userId }).id;
    await probe.deliverAndWait(paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', paypalId));
    const row = await probe.subscriptionRow(paypalId);
    expect([row.user.id, row.status, row.amountMinor]).toEqual([userId, 'active', 16788]);
    expect(await probe.planOf(userId)).toBe('basic');
  });

  it('applies the same event delivered 20 times at once exactly once', async () => {
    const { paypalId } = await subscribed();
    paypal.setStatus(paypalId, 'CANCELLED');
    const event = paypal.event('BILLING.SUBSCRIPTION.CANCELLED', paypalId);
    const reads = () =>
      paypal.requests.filter((r) => r === `GET /v1/billing/subscriptions/${paypalId}`).length;
    const before = reads();
    await Promise.all(Array.from({ length: 20 }, () => probe.deliver(event)));
    await until(() => probe.processed(event.id));
    expect(reads() - before).toBe(1);
    expect(await probe.webhookEvents(event.id)).toHaveLength(1);
    expect((await probe.subscriptionRow(paypalId)).status).toBe('cancelled');
  });

  it('marks an event whose last attempt failed, for operators, while PayPal is down', async () => {
    const { paypalId } = await subscribed();
    const event = paypal.event('BILLING.SUBSCRIPTION.UPDATED', paypalId);
    await probe.given.webhookEvent(event, { resourceId: paypalId });
    paypal.down = true;
    try {
      await worker
        .get<Queue>(getQueueToken(QUEUES.paypalWebhooks))
        .add(
          JOBS.applyPayPalEvent,
          { eventId: event.id },
          { jobId: paypalEventJobId(event.id), attempts: 1 },
        );
      await until(async () => (await probe.webhookEvents(event.id))[0].error !== null);
    } finally {
      paypal.down = false;
    }
    const [stored] = await probe.webhookEvents(event.id);
    expect(stored.error).toMatch(/PayPal unavailable/);
    expect(stored.processedAt).toBeNull();
  });
});
