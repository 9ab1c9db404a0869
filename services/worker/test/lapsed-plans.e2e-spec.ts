import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import type { TestApp } from '../../api/test/test-app';
import { LAPSED_PLANS_SCHEDULER_ID } from '../src/schedules';
import { billingProbe } from './support/billing-probe';
import { startBillingWorld, type BillingWorld } from './support/billing-world';
import { runJob, until } from './support/waiting';
import { subscribedUser } from './support/subscribed';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The end of a paid period is applied by a delayed job in Redis; the hourly `end-lapsed-plans`
 * sweep is the durable backstop that moves anyone still on a paid plan past it back to free.
 */
describe('worker: ending lapsed paid plans', () => {
  let paypal: PayPalStandIn;
  let api: TestApp;
  let worker: INestApplicationContext;
  let queue: Queue;

  let probe: ReturnType<typeof billingProbe>;
  const planOf = (userId: string) => probe.planOf(userId);
  /** The subscription's status, its paid period ending `periodEndMs` from now (before now when negative). */
  const setSubscription = (paypalId: string, status: string, periodEndMs: number) =>
    probe.updateSubscription(paypalId, { status, currentPeriodEnd: new Date(Date.now() + periodEndMs) });
  const http = () => request(api.app.getHttpServer());

  const sweep = () => runJob<{ downgraded: number }>(queue, JOBS.endLapsedPlans, { trigger: 'manual' });

  let world: BillingWorld;
  beforeAll(async () => {
    world = await startBillingWorld();
    ({ paypal, api, worker } = world);
    probe = billingProbe(world);
    queue = worker.get(getQueueToken(QUEUES.paypalWebhooks));
  });
  afterAll(() => world.close());

  it('is scheduled every hour', async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toContainEqual(
      expect.objectContaining({
        key: LAPSED_PLANS_SCHEDULER_ID,
        name: JOBS.endLapsedPlans,
        every: 3_600_000,
      }),
    );
  });

  it('moves a cancelled subscriber past the paid period to free, which the API applies at once', async () => {
    const lapsed = await subscribedUser(api, paypal);
    const paidUp = await subscribedUser(api, paypal);
    const active = await subscribedUser(api, paypal);
    // Cancelled a year ago; the delayed job that would have ended the plan is lost with Redis.
    await setSubscription(lapsed.paypalId, 'cancelled', -DAY_MS);
    await setSubscription(paidUp.paypalId, 'cancelled', 10 * DAY_MS);
    await setSubscription(active.paypalId, 'active', -HOUR_MS);
    const key = (
      await http()
        .post('/api/keys')
        .set('Authorization', `Bearer ${lapsed.accessToken}`)
        .send({ name: 'lapsed' })
        .expect(201)
    ).body.key;
    expect((await http().get('/api/v1/usage').set('X-API-Key', key).expect(200)).body.plan).toBe('basic');

    const { downgraded } = await sweep();

    expect(downgraded).toBeGreaterThanOrEqual(1);
    expect(await planOf(lapsed.userId)).toBe('free');
    expect(await planOf(paidUp.userId)).toBe('basic');
    expect(await planOf(active.userId)).toBe('basic');
    await until(
      async () => (await http().get('/api/v1/usage').set('X-API-Key', key).expect(200)).body.plan === 'free',
      1000,
    );
    const account = (
      await http().get('/api/account').set('Authorization', `Bearer ${lapsed.accessToken}`).expect(200)
    ).body;
    expect(account).toMatchObject({ plan: 'free', status: 'active', amount: '0.00', currentPeriodEnd: null });
  });

  it('ends an expired subscription too, and a second run leaves it so', async () => {
    const lapsed = await subscribedUser(api, paypal);
    await setSubscription(lapsed.paypalId, 'expired', -DAY_MS);
    expect((await sweep()).downgraded).toBeGreaterThanOrEqual(1);
    await sweep();
    expect(await planOf(lapsed.userId)).toBe('free');
  });
});
