import { startBillingWorld, type BillingWorld } from './support/billing-world';
import { billingProbe } from './support/billing-probe';
import { subscribedUser } from './support/subscribed';

/**
 * A refunded or reversed payment no longer pays for its period: the plan ends at once, and only a
 * payment made after it brings the plan back, however often and in whatever order PayPal delivers.
 */
describe('worker: refunds and reversals end the paid period', () => {
  let world: BillingWorld;
  let probe: ReturnType<typeof billingProbe>;
  const subscribed = () => subscribedUser(world.api, world.paypal);
  const event = (type: string, paypalId: string) => world.paypal.event(type, paypalId);
  /** PayPal takes the next payment and announces it. */
  async function renewed(paypalId: string): Promise<void> {
    world.paypal.renew(paypalId);
    await probe.deliverAndWait(event('PAYMENT.SALE.COMPLETED', paypalId));
  }

  beforeAll(async () => {
    world = await startBillingWorld();
    probe = billingProbe(world);
  });
  afterAll(() => world.close());

  it('ends the plan on a refund; neither a sync nor reconcile restores it, a new payment does', async () => {
    const { userId, paypalId } = await subscribed();
    world.paypal.refund(paypalId);
    await probe.deliverAndWait(event('PAYMENT.SALE.REFUNDED', paypalId));
    expect(world.paypal.subscription(paypalId)!.status).toBe('ACTIVE');
    expect(await probe.planOf(userId)).toBe('free');

    await probe.deliverAndWait(event('BILLING.SUBSCRIPTION.UPDATED', paypalId));
    expect(await probe.planOf(userId)).toBe('free');
    await probe.reconcile();
    expect(await probe.planOf(userId)).toBe('free');

    await renewed(paypalId);
    expect(await probe.planOf(userId)).toBe('basic');
  });

  it('ends the plan on a reversal (chargeback), which the API then meters at once', async () => {
    const { userId, paypalId, accessToken } = await subscribed();
    const key = await probe.keyOf(accessToken);
    expect(await probe.meteredPlan(key)).toBe('basic');
    world.paypal.reverse(paypalId);
    await probe.deliverAndWait(event('PAYMENT.SALE.REVERSED', paypalId));
    expect(await probe.planOf(userId)).toBe('free');
    await probe.reconcile();
    expect(await probe.planOf(userId)).toBe('free');
    expect(await probe.meteredPlan(key)).toBe('free');
  });

  it('is exact whatever the order and however often PayPal delivers', async () => {
    const { userId, paypalId } = await subscribed();
    const firstCompleted = event('PAYMENT.SALE.COMPLETED', paypalId);
    world.paypal.renew(paypalId);
    const [first, second] = world.paypal.sales(paypalId);
    const secondCompleted = event('PAYMENT.SALE.COMPLETED', paypalId);
    await probe.deliverAndWait(secondCompleted);

    // The first period's payment refunded after the second was paid: the second still pays for now.
    world.paypal.refund(paypalId, first.id);
    const firstRefunded = event('PAYMENT.SALE.REFUNDED', paypalId);
    await probe.deliverAndWait(firstRefunded);
    await probe.deliverAndWait(firstRefunded);
    await probe.deliverAndWait(firstCompleted); // late, about a payment since refunded
    expect(await probe.planOf(userId)).toBe('basic');

    world.paypal.refund(paypalId, second.id);
    const secondRefunded = event('PAYMENT.SALE.REFUNDED', paypalId);
    await probe.deliverAndWait(secondRefunded);
    expect(await probe.planOf(userId)).toBe('free');
    await probe.deliverAndWait(secondRefunded);
    await probe.deliverAndWait(event('PAYMENT.SALE.COMPLETED', paypalId)); // resent, about the refunded sale
    await probe.deliverAndWait(firstRefunded);
    expect(await probe.planOf(userId)).toBe('free');

    await renewed(paypalId);
    expect(await probe.planOf(userId)).toBe('basic');
  });

  it('refuses to record a refunded subscription again through POST /api/v1/subscriptions', async () => {
    const { userId, paypalId, accessToken } = await subscribed();
    world.paypal.refund(paypalId);
    await probe.deliverAndWait(event('PAYMENT.SALE.REFUNDED', paypalId));

    const again = await probe.claim(accessToken, {
      plan: 'basic',
      billingCycle: 'annual',
      paypalSubscriptionId: paypalId,
    });

    expect([again.status, again.body.code]).toEqual([409, 'subscription-not-active']);
    expect(again.body.message).toMatch(/refunded/);
    expect(await probe.planOf(userId)).toBe('free');
  });
});
