import { getQueueToken } from '@nestjs/bullmq';
import { User } from '@fxrates/db';
import type { AuditEventView, AuditPage } from '@fxrates/domain';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { startBillingWorld, type BillingWorld } from './support/billing-world';
import { billingProbe } from './support/billing-probe';
import { ENTERPRISE_MONTHLY, subscribedUser } from './support/subscribed';
import { runJob } from './support/waiting';

/**
 * The audit log of plan changes the worker makes on PayPal's word: named as the system's ("PayPal"),
 * from no address, beside the change the user made through the API.
 */
describe('worker: plan changes in the audit log', () => {
  let world: BillingWorld;
  let probe: ReturnType<typeof billingProbe>;
  let queue: Queue;

  beforeAll(async () => {
    world = await startBillingWorld();
    probe = billingProbe(world);
    queue = world.worker.get(getQueueToken(QUEUES.paypalWebhooks));
  }, 30_000);
  afterAll(() => world.close());

  const logOf = async (accessToken: string): Promise<AuditEventView[]> =>
    (
      (await probe.http().get('/api/account/audit').set('Authorization', `Bearer ${accessToken}`).expect(200))
        .body as AuditPage
    ).data;

  it('records a plan PayPal’s event grants as changed by PayPal, after the one the user subscribed to', async () => {
    const { userId, paypalId, accessToken } = await subscribedUser(world.api, world.paypal);
    const { email } = await probe.em().findOneOrFail(User, userId, { fields: ['email'] });
    // Revised at PayPal to Enterprise and billed at its price: PayPal's events move the plan.
    Object.assign(world.paypal.subscription(paypalId)!, {
      plan_id: ENTERPRISE_MONTHLY,
      update_time: new Date().toISOString(),
    });
    world.paypal.renew(paypalId);
    await probe.deliverAndWait(world.paypal.event('PAYMENT.SALE.COMPLETED', paypalId));
    expect(await probe.planOf(userId)).toBe('enterprise');
    // Delivered again: the plan is already Enterprise, so nothing more is recorded.
    await probe.deliverAndWait({
      ...world.paypal.event('PAYMENT.SALE.COMPLETED', paypalId),
      id: `again-${paypalId}`,
    });

    expect(await logOf(accessToken)).toEqual([
      expect.objectContaining({
        action: 'plan.changed',
        actor: { type: 'system', name: 'PayPal' },
        detail: { from: 'basic', to: 'enterprise' },
        target: null,
        ip: null,
        browser: null,
      }),
      expect.objectContaining({
        action: 'plan.changed',
        actor: { type: 'user', email },
        detail: { from: 'free', to: 'basic' },
      }),
    ]);
  });

  it('records the end of a lapsed paid period, which the hourly sweep applies, as PayPal’s', async () => {
    const { userId, paypalId, accessToken } = await subscribedUser(world.api, world.paypal);
    await probe.updateSubscription(paypalId, {
      status: 'cancelled',
      currentPeriodEnd: new Date(Date.now() - 24 * 3_600_000),
    });
    await runJob(queue, JOBS.endLapsedPlans, { trigger: 'manual' });
    expect(await probe.planOf(userId)).toBe('free');

    expect((await logOf(accessToken))[0]).toMatchObject({
      action: 'plan.changed',
      actor: { type: 'system', name: 'PayPal' },
      detail: { from: 'basic', to: 'free' },
      ip: null,
    });
  });
});
