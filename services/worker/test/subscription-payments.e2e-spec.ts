import { Payment } from '@fxrates/db';
import { startBillingWorld, type BillingWorld } from './support/billing-world';
import { billingProbe } from './support/billing-probe';
import { subscribedUser } from './support/subscribed';

/**
 * Every charge PayPal takes for a subscription (its first payment and each renewal) is
 * a row of `payments`, listed on the account page: once per PayPal transaction id, however often and
 * by whatever path (webhook, replay, reconcile) it is heard of.
 */
describe('worker: subscription charges are recorded as payments', () => {
  let world: BillingWorld;
  let probe: ReturnType<typeof billingProbe>;
  const subscribed = () => subscribedUser(world.api, world.paypal);
  const event = (type: string, paypalId: string) => world.paypal.event(type, paypalId);
  const paymentsOf = (userId: string) =>
    probe.em().find(Payment, { user: userId }, { orderBy: { capturedAt: 'asc' } });

  beforeAll(async () => {
    world = await startBillingWorld();
    probe = billingProbe(world);
  });
  afterAll(() => world.close());

  it('records the first payment once, however often PayPal tells of it, with its amount, period and id', async () => {
    const { userId, paypalId, accessToken } = await subscribed();
    const [sale] = world.paypal.sales(paypalId);
    const completed = event('PAYMENT.SALE.COMPLETED', paypalId);
    await probe.deliverAndWait(completed);
    await probe.deliverAndWait(completed); // the same delivery again
    await probe.deliverAndWait(event('PAYMENT.SALE.COMPLETED', paypalId)); // another event about the same sale
    await probe.reconcile();

    const rows = await paymentsOf(userId);
    expect(rows).toHaveLength(1);
    const billing = world.paypal.subscription(paypalId)!.billing_info!;
    expect(rows[0]).toMatchObject({
      kind: 'subscription',
      status: 'captured',
      plan: 'basic',
      billingCycle: 'annual',
      capturedMinor: 16788,
      currency: 'USD',
      paypalCaptureId: sale.id,
    });
    expect(rows[0].capturedAt?.toISOString()).toBe(sale.create_time);
    expect(rows[0].periodStart?.toISOString()).toBe(sale.create_time);
    expect(rows[0].periodEnd.toISOString()).toBe(billing.next_billing_time);

    const listed = await probe
      .http()
      .get('/api/account/payments')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        status: 'paid',
        plan: 'basic',
        billingCycle: 'annual',
        amount: '167.88',
        currency: 'USD',
        paypalTransactionId: sale.id,
        paidAt: sale.create_time,
        periodStart: sale.create_time,
        periodEnd: billing.next_billing_time,
      }),
    ]);
  });

  it('adds each renewal as its own row, delivered at once or twice, and lists the newest first', async () => {
    const { userId, paypalId, accessToken } = await subscribed();
    await probe.deliverAndWait(event('PAYMENT.SALE.COMPLETED', paypalId));
    world.paypal.renew(paypalId);
    const renewal = world.paypal.sales(paypalId)[1];
    const twice = [event('PAYMENT.SALE.COMPLETED', paypalId), event('PAYMENT.SALE.COMPLETED', paypalId)];
    await Promise.all(twice.map((each) => probe.deliverAndWait(each)));

    const rows = await paymentsOf(userId);
    expect(rows.map((row) => row.paypalCaptureId)).toEqual(world.paypal.sales(paypalId).map((s) => s.id));
    expect(rows[1].periodEnd.toISOString()).toBe(
      world.paypal.subscription(paypalId)!.billing_info!.next_billing_time,
    );
    const listed = await probe
      .http()
      .get('/api/account/payments')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    expect(listed.body.data.map((p: { paypalTransactionId: string }) => p.paypalTransactionId)).toEqual([
      renewal.id,
      rows[0].paypalCaptureId,
    ]);
    const receipt = await probe
      .http()
      .get(`/api/account/payments/${listed.body.data[0].id}`)
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    expect(receipt.body).toMatchObject({ kind: 'subscription', paypalTransactionId: renewal.id });
  });

  it('marks a refunded or reversed charge refunded, and a late COMPLETED does not undo it', async () => {
    const { userId, paypalId } = await subscribed();
    const completed = event('PAYMENT.SALE.COMPLETED', paypalId);
    await probe.deliverAndWait(completed);
    world.paypal.refund(paypalId);
    await probe.deliverAndWait(event('PAYMENT.SALE.REFUNDED', paypalId));
    await probe.deliverAndWait(event('PAYMENT.SALE.COMPLETED', paypalId));
    expect((await paymentsOf(userId)).map((row) => [row.status, row.capturedMinor])).toEqual([
      ['refunded', 16788],
    ]);

    const other = await subscribed();
    world.paypal.reverse(other.paypalId);
    await probe.deliverAndWait(event('PAYMENT.SALE.REVERSED', other.paypalId));
    expect((await paymentsOf(other.userId)).map((row) => row.status)).toEqual(['refunded']);
  });
});
