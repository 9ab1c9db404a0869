import { MikroORM } from '@mikro-orm/postgresql';
import { ApiKey, migrateUp, pingDatabase, Subscription, User } from '@fxrates/db';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../worker/test/support/throwaway-postgres';
import { until } from '../../worker/test/support/waiting';
import { BASIC_ANNUAL } from '../../worker/test/support/subscribed';
import { markEmailVerified, newEmail, PASSWORD } from './support/auth-client';
import { payPalEnv } from './support/paypal-env';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const CUSTOMERS = 24;

/**
 * Sign-ups, key creations and subscriptions under way when PostgreSQL is killed (SIGKILL to the
 * postmaster): each answer is a success or a 503 to retry, and what PostgreSQL holds after its
 * restart is whole: every account with its free subscription, every recorded PayPal subscription
 * with the plan it pays for.
 */
describe('API: writes interrupted by a PostgreSQL kill', () => {
  let pg: ThrowawayPostgres;
  let paypal: PayPalStandIn;
  let api: TestApp;
  const http = () => request(api.app.getHttpServer());
  const em = () => api.app.get(MikroORM).em.fork();

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    await pg.createDatabase('fxrates');
    await migrateUp({ url: pg.urlOf('fxrates'), poolMax: 2 });
    paypal = await startPayPalStandIn({ plans: { [BASIC_ANNUAL]: { interval: 'YEAR', price: '167.88' } } });
    api = await startTestApp(
      testConfig({
        DATABASE_URL: pg.urlOf('fxrates'),
        REDIS_URL: 'redis://127.0.0.1:6379/13',
        REDIS_KEY_PREFIX: `fxrates-test-pgfault-${randomBytes(4).toString('hex')}:`,
        ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
      }),
    );
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await paypal?.close();
    await pg?.destroy();
  });

  /** Each answer: its status and code, for the check that none is a 500. */
  const answers: string[] = [];
  let completed = 0;

  /** A customer signs up, makes a key and subscribes, stopping at the first refusal. */
  async function customer(): Promise<void> {
    const signUp = await http()
      .post('/api/auth/register')
      .send({ firstName: 'Ada', lastName: 'Lovelace', email: newEmail(), password: PASSWORD });
    answers.push(`${signUp.status} ${signUp.body.code ?? ''}`);
    if (signUp.status !== 201) return;
    // Opening the emailed link is not this test's subject; a kill in between stops this customer.
    if (
      !(await markEmailVerified(api.app, signUp.body.user.uid).then(
        () => true,
        () => false,
      ))
    )
      return;
    const bearer = `Bearer ${signUp.body.accessToken}`;
    const key = await http().post('/api/keys').set('Authorization', bearer).send({ name: 'main' });
    answers.push(`${key.status} ${key.body.code ?? ''}`);
    if (key.status !== 201) return;
    const paypalId = paypal.createSubscription({ plan_id: BASIC_ANNUAL, custom_id: signUp.body.user.uid }).id;
    const subscribed = await http()
      .post('/api/v1/subscriptions')
      .set('Authorization', bearer)
      .send({ plan: 'basic', billingCycle: 'annual', paypalSubscriptionId: paypalId });
    answers.push(`${subscribed.status} ${subscribed.body.code ?? ''}`);
    if (subscribed.status === 201) completed++;
  }

  it('leaves every write whole or absent, and answers each with a success or a 503', async () => {
    const customers = Array.from({ length: CUSTOMERS }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 40)).then(customer),
    );
    await until(() => completed >= 3, 30_000); // mid-traffic: some done, most under way
    await pg.kill();
    await Promise.all(customers);
    await pg.start();
    await until(
      () =>
        pingDatabase(em()).then(
          () => true,
          () => false,
        ),
      15_000,
    );

    const unexpected = answers.filter((answer) => !/^(201 |503 service-unavailable)$/.test(answer));
    expect(unexpected).toEqual([]);
    expect(answers.some((answer) => answer.startsWith('503'))).toBe(true); // the kill did interrupt

    const stored = em();
    const users = await stored.find(User, {});
    const userIds = new Set(users.map((user) => user.id));
    const ownersOf = async (where: { paypalSubscriptionId: null | { $ne: null } }) =>
      new Set((await stored.find(Subscription, where)).map((s) => s.user.id));
    const withFreeRow = await ownersOf({ paypalSubscriptionId: null });
    const withPaidRow = await ownersOf({ paypalSubscriptionId: { $ne: null } });
    const accountsWithoutFreeRow = users.filter((user) => !withFreeRow.has(user.id)).map(({ id }) => id);
    expect([users.length > 0, accountsWithoutFreeRow]).toEqual([true, []]);
    const paidWithoutPlan = (
      await stored.find(
        Subscription,
        {
          paypalSubscriptionId: { $ne: null },
          $or: [{ status: { $ne: 'active' } }, { user: { plan: { $ne: 'basic' } } }],
        },
        { populate: ['user'] },
      )
    ).map((s) => ({ paypalSubscriptionId: s.paypalSubscriptionId, plan: s.user.$.plan }));
    const planWithoutSubscription = users
      .filter((user) => user.plan !== 'free' && !withPaidRow.has(user.id))
      .map(({ id }) => id);
    expect([paidWithoutPlan, planWithoutSubscription]).toEqual([[], []]);
    const keysOfNobody = (await stored.find(ApiKey, {}))
      .filter((key) => !userIds.has(key.user.id))
      .map(({ id }) => id);
    expect(keysOfNobody).toEqual([]);
  }, 90_000);
});
