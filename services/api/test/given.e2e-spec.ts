import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '@fxrates/db';
import { PLANS } from '@fxrates/domain';
import { GIVEN_PASSWORD, todayUtc, type Given } from '@fxrates/testing';
import request from 'supertest';
import { givenIn } from './support/given';
import { signIn } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** The factories write rows the API takes for its own: each is checked through the routes that read it. */
describe('given.*: test factories the API accepts', () => {
  let t: TestApp;
  let given: Given;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    given = givenIn(t.app);
  });
  afterAll(() => t.close());

  it("given.user's password signs in over HTTP, and no other password does", async () => {
    const user = await given.user();
    const login = await http()
      .post('/api/auth/login')
      .send({ email: user.email, password: GIVEN_PASSWORD })
      .expect(200);
    expect(login.body.user).toMatchObject({ uid: user.id, email: user.email, emailVerified: true });
    await http()
      .post('/api/auth/login')
      .send({ email: user.email, password: 'not the password' })
      .expect(401);
  });

  it('a password of its own signs in too, and gets a hash of its own', async () => {
    const [first, second] = [await given.user(), await given.user()];
    const own = await given.user({ password: 'another secret' });
    await http().post('/api/auth/login').send({ email: own.email, password: 'another secret' }).expect(200);
    const users = await t.app
      .get(MikroORM)
      .em.fork()
      .find(User, { id: { $in: [first.id, second.id, own.id] } }, { populate: ['passwordHash'] });
    const hashOf = (id: string) => users.find((stored) => stored.id === id)?.passwordHash;
    // The column is lazy: each hash must have been read, or every comparison below compares nothing.
    expect(users.map((stored) => typeof stored.passwordHash)).toEqual(['string', 'string', 'string']);
    // The default password is hashed once per process: every user of it shares that hash.
    expect(hashOf(first.id)).toBe(hashOf(second.id));
    expect(hashOf(own.id)).not.toBe(hashOf(first.id));
  });

  it("given.key's key authenticates on /api/v1/rates/latest and is listed on the dashboard", async () => {
    const user = await given.user();
    const key = await given.key(user, { name: 'reporting' });
    await http().get('/api/v1/rates/latest?symbols=EUR').set('X-API-Key', key.key).expect(200);
    const session = await signIn(t.app, user);
    const listed = await http()
      .get('/api/keys')
      .set('Authorization', `Bearer ${session.accessToken}`)
      .expect(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: key.id,
        name: 'reporting',
        maskedKey: expect.stringMatching(new RegExp(`${key.key.slice(-4)}$`)),
      }),
    ]);
  });

  it('given.keys makes many keys in one go, each one the API takes, disabled when asked', async () => {
    const user = await given.user({ plan: 'enterprise' });
    const active = await given.keys(user, 3, { name: (index) => `batch ${index}` });
    for (const key of active)
      await http().get('/api/v1/rates/latest?symbols=EUR').set('X-API-Key', key.key).expect(200);
    const now = Date.now();
    const disabled = await given.keys(user, 2, {
      status: 'disabled',
      createdAt: (index) => new Date(now - (2 - index) * 60_000),
    });
    for (const key of disabled) {
      const res = await http().get('/api/v1/rates/latest').set('X-API-Key', key.key).expect(403);
      expect(res.body.code).toBe('api-key-disabled');
    }
    const session = await signIn(t.app, user);
    const listed = async (status: string) =>
      (
        await http()
          .get(`/api/keys?status=${status}`)
          .set('Authorization', `Bearer ${session.accessToken}`)
          .expect(200)
      ).body.map((key: { id: string; name: string }) => [key.id, key.name]);
    expect((await listed('active')).sort()).toEqual(active.map((key) => [key.id, key.name]).sort());
    // Newest first: the last made was disabled last.
    expect(await listed('disabled')).toEqual([...disabled].reverse().map((key) => [key.id, key.name]));
  });

  it('a disabled given key is refused', async () => {
    const key = await given.key(await given.user(), { status: 'disabled' });
    const res = await http().get('/api/v1/rates/latest').set('X-API-Key', key.key).expect(403);
    expect(res.body.code).toBe('api-key-disabled');
  });

  it.each(['free', 'professional', 'enterprise'] as const)(
    'a key on %s gets that plan and its quotas from /api/v1/usage',
    async (plan) => {
      const { key } = await given.keyOnPlan({ plan });
      const usage = await http().get('/api/v1/usage').set('X-API-Key', key).expect(200);
      expect(usage.body).toMatchObject({
        plan,
        monthlyQuota: PLANS[plan].monthlyQuota,
        burstPerSecond: PLANS[plan].burstPerSecond,
      });
    },
  );

  it("given.usage counts against the month's quota", async () => {
    const key = await given.keyOnPlan();
    await given.usage(key, { [todayUtc()]: 40 });
    const usage = await http().get('/api/v1/usage').set('X-API-Key', key.key).expect(200);
    expect(usage.body).toMatchObject({ used: 40, remaining: PLANS.free.monthlyQuota - 40 });
  });

  it('given.closes are served by /api/v1/rates/historical', async () => {
    // Closes are shared by every test on the database: a day no other test reads, removed after.
    await given.closes({ '1987-06-01': { ISK: '40.5', THB: '25.75' } });
    try {
      const { key } = await given.keyOnPlan({ plan: 'basic' });
      const res = await http()
        .get('/api/v1/rates/historical/1987-06-01?symbols=ISK,THB')
        .set('X-API-Key', key)
        .expect(200);
      expect(res.body.rates).toEqual({ ISK: 40.5, THB: 25.75 });
    } finally {
      await given.noCloses({ days: ['1987-06-01'] });
    }
  });

  it('given.subscription and given.payment show on the account page', async () => {
    const user = await given.user({ plan: 'basic' });
    const subscription = await given.subscription(user, {
      plan: 'basic',
      billingCycle: 'annual',
      paypalSubscriptionId: `I-${user.id.slice(0, 12)}`,
    });
    const payment = await given.payment(subscription, { paypalCaptureId: `SALE-${user.id.slice(0, 12)}` });
    const { accessToken } = await signIn(t.app, user);
    const account = await http()
      .get('/api/account')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    expect(account.body).toMatchObject({ plan: 'basic', billingCycle: 'annual' });
    const payments = await http()
      .get('/api/account/payments')
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    expect(payments.body.data).toEqual([expect.objectContaining({ id: payment.id, amount: '167.88' })]);
  });

  it("an unverified given user's session works but creates no key", async () => {
    const user = await given.user({ verified: false });
    const { accessToken, cookie } = await signIn(t.app, user);
    const created = await http()
      .post('/api/keys')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ name: 'x' })
      .expect(403);
    expect(created.body.code).toBe('email-not-verified');
    // The session's refresh cookie is a real one: it rotates.
    await http().post('/api/auth/refresh').set('Cookie', cookie).expect(200);
  });
});
