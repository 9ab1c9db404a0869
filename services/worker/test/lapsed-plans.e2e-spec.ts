import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import type { TestApp } from '../../api/test/test-app';
import { LAPSED_PLANS_SCHEDULER_ID } from '../src/schedules';
import { startBillingWorld, type BillingWorld } from './support/billing-world';
import { runJob, until } from './support/waiting';
import { subscribedUser } from './support/subscribed';

/**
 * The end of a paid period is applied by a delayed job in Redis; the hourly `end-lapsed-plans`
 * sweep is the durable backstop that moves anyone still on a paid plan past it back to free.
 */
describe('worker: ending lapsed paid plans', () => {
  let paypal: PayPalStandIn;
  let api: TestApp;
  let worker: INestApplicationContext;
  let queue: Queue;

  const sql = (query: string, params: unknown[] = []) =>
    api.app.get(MikroORM).em.getConnection().execute(query, params);
  const planOf = async (userId: string) =>
    (await sql('select plan from users where id = ?', [userId]))[0].plan as string;
  const setSubscription = (paypalId: string, status: string, periodEnd: string) =>
    sql(
      `update subscriptions set status = ?, current_period_end = now() + ?::interval
        where paypal_subscription_id = ?`,
      [status, periodEnd, paypalId],
    );
  const http = () => request(api.app.getHttpServer());

  const sweep = () => runJob<{ downgraded: number }>(queue, JOBS.endLapsedPlans, { trigger: 'manual' });

  let world: BillingWorld;
  beforeAll(async () => {
    world = await startBillingWorld();
    ({ paypal, api, worker } = world);
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
    await setSubscription(lapsed.paypalId, 'cancelled', '-1 day');
    await setSubscription(paidUp.paypalId, 'cancelled', '10 days');
    await setSubscription(active.paypalId, 'active', '-1 hour');
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
    await setSubscription(lapsed.paypalId, 'expired', '-1 day');
    expect((await sweep()).downgraded).toBeGreaterThanOrEqual(1);
    await sweep();
    expect(await planOf(lapsed.userId)).toBe('free');
  });
});
