import { MikroORM } from '@mikro-orm/postgresql';
import { ApiKey, Subscription, User } from '@fxrates/db';
import request from 'supertest';
import { markEmailVerified, newEmail, PASSWORD, refreshCookieOf } from '../support/auth-client';
import type { TestApp } from '../test-app';
import { accountState, bearer, patchAccountRaw, accountWithKey, type Account } from './support/accounts';
import { BASIC_MONTHLY, startBillingApp, subscribe, type BillingApp } from './support/billing';
import { expectProblem } from './support/problem';

/** Names of what no answer may hold, at any depth: credentials and the secrets behind them. */
const SECRET_FIELDS =
  /^(password|passwordHash|password_hash|keyHash|key_hash|refreshToken|refresh_token|secret|hashSecret|tokenHash|token_hash)$/i;

const db = (t: TestApp) => t.app.get(MikroORM).em.fork();

function fieldNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(fieldNames);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, inner]) => [name, ...fieldNames(inner)]);
}

describe('API3:2023 Broken Object Property Level Authorization', () => {
  let billing: BillingApp;
  let t: TestApp;
  let alice: Account;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    billing = await startBillingApp();
    t = billing.t;
    alice = await accountWithKey(t);
  });
  afterAll(() => billing.close());

  describe('PATCH /api/account (mass assignment)', () => {
    it.each([
      ['plan', 'enterprise'],
      ['chosenPlan', 'enterprise'],
      ['email', 'taken-over@example.test'],
      ['id', '00000000-0000-4000-8000-000000000000'],
      ['uid', '00000000-0000-4000-8000-000000000000'],
      ['password', 'new password 123'],
      ['passwordHash', '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB'],
      ['password_hash', '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB'],
      ['role', 'admin'],
      ['isAdmin', true],
      ['status', 'active'],
      ['amount', '0.00'],
      ['currentPeriodEnd', '2099-01-01T00:00:00.000Z'],
      ['createdAt', '2000-01-01T00:00:00.000Z'],
      ['displayName', 'Support Team'],
    ])(
      'refuses "%s" with 400, alone or beside an allowed field, and changes nothing',
      async (field, value) => {
        const before = await accountState(t, alice.userId);
        for (const body of [{ [field]: value }, { firstName: 'Mallory', [field]: value }]) {
          const res = await http().patch('/api/account').set('Authorization', bearer(alice)).send(body);
          expectProblem(res, 400, 'validation-failed');
          expect(res.body.message).toBe(`Field "${field}" is not allowed here.`);
        }
        expect(await accountState(t, alice.userId)).toEqual(before);
      },
    );

    it('refuses nested objects that try to reach the prototype, and pollutes nothing', async () => {
      const before = await accountState(t, alice.userId);
      for (const raw of [
        '{"firstName":"Mallory","constructor":{"prototype":{"plan":"enterprise"}}}',
        '{"firstName":{"toString":"Mallory"}}',
        '{"company":["Engines Ltd"]}',
      ]) {
        expectProblem(await patchAccountRaw(t, alice, raw), 400, 'validation-failed');
      }
      expect(await accountState(t, alice.userId)).toEqual(before);
      expect(({} as Record<string, unknown>).plan).toBeUndefined();
      const fresh = await accountWithKey(t);
      const account = await http().get('/api/account').set('Authorization', bearer(fresh)).expect(200);
      expect(account.body.plan).toBe('free');
    });

    it('refuses a "__proto__" key with 400 problem+json and changes nothing', async () => {
      const before = await accountState(t, alice.userId);
      const raw = '{"firstName":"Mallory","__proto__":{"plan":"enterprise"}}';
      expectProblem(await patchAccountRaw(t, alice, raw), 400, 'validation-failed');
      expect(await accountState(t, alice.userId)).toEqual(before);
    });

    it('still changes what it may, so the refusals above are about the extra fields', async () => {
      const bob = await accountWithKey(t);
      const res = await http()
        .patch('/api/account')
        .set('Authorization', bearer(bob))
        .send({ firstName: 'Robert', company: 'Engines Ltd' })
        .expect(200);
      expect(res.body).toMatchObject({ firstName: 'Robert', company: 'Engines Ltd', plan: 'free' });
    });
  });

  describe('POST /api/auth/register', () => {
    it('records a chosen plan without granting it: the account stays free', async () => {
      const email = newEmail();
      const res = await http()
        .post('/api/auth/register')
        .send({ firstName: 'Eve', lastName: 'E', email, password: PASSWORD, plan: 'enterprise' })
        .expect(201);
      const userId = res.body.user.uid as string;
      const user = await db(t).findOneOrFail(User, { id: userId });
      expect({ plan: user.plan, chosenPlan: user.chosenPlan }).toEqual({
        plan: 'free',
        chosenPlan: 'enterprise',
      });
      await markEmailVerified(t.app, userId);
      const token = `Bearer ${res.body.accessToken}`;
      const key = (await http().post('/api/keys').set('Authorization', token).send({ name: 'k' })).body.key;
      const usage = await http().get('/api/v1/usage').set('X-API-Key', key).expect(200);
      expect(usage.body).toMatchObject({ plan: 'free', monthlyQuota: 1000 });
      await http()
        .get('/api/v1/rates/timeseries?start=2024-01-01&end=2024-01-02')
        .set('X-API-Key', key)
        .expect(403);
    });

    it.each([
      ['role', 'admin'],
      ['isAdmin', true],
      ['plan', 'Enterprise'],
      ['id', '00000000-0000-4000-8000-000000000000'],
      ['emailVerified', true],
      ['passwordHash', '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB'],
      ['createdAt', '2000-01-01T00:00:00.000Z'],
    ])('refuses "%s" with 400 and creates no account', async (field, value) => {
      const email = newEmail();
      const res = await http()
        .post('/api/auth/register')
        .send({ firstName: 'Eve', lastName: 'E', email, password: PASSWORD, [field]: value });
      expectProblem(res, 400, 'validation-failed');
      expect(await db(t).find(User, { email: email.toLowerCase() })).toEqual([]);
    });
  });

  describe('POST /api/keys', () => {
    it.each([
      ['status', 'active'],
      ['userId', 'VICTIM'],
      ['user', 'VICTIM'],
      ['totalRequests', -1_000_000],
      ['id', '00000000-0000-4000-8000-000000000000'],
      ['key', 'fxrates_00000000000000000000000000000000'],
      ['keyHash', 'a'.repeat(64)],
      ['createdAt', '2000-01-01T00:00:00.000Z'],
      ['lastUsed', '2000-01-01T00:00:00.000Z'],
    ])('refuses "%s" with 400 and creates no key', async (field, value) => {
      const victim = await accountWithKey(t);
      const victimBefore = await accountState(t, victim.userId);
      const before = await accountState(t, alice.userId);
      const res = await http()
        .post('/api/keys')
        .set('Authorization', bearer(alice))
        .send({ name: 'planted', [field]: value === 'VICTIM' ? victim.userId : value });
      expectProblem(res, 400, 'validation-failed');
      expect(await accountState(t, alice.userId)).toEqual(before);
      expect(await accountState(t, victim.userId)).toEqual(victimBefore);
    });
  });

  describe('POST /api/v1/subscriptions', () => {
    it('ignores the amount, status and user the client sends: the price is ours, the user the caller', async () => {
      const bob = await accountWithKey(t);
      const id = billing.paypal.createSubscription({ plan_id: BASIC_MONTHLY, custom_id: bob.userId }).id;
      const res = await subscribe(t, bob, {
        paypalSubscriptionId: id,
        amount: 0.01,
        status: 'ACTIVE',
        userId: alice.userId,
        paymentId: 'PAY-FORGED',
      }).expect(201);
      expect(res.body.subscription).toMatchObject({ amount: '15.99', plan: 'basic' });
      const rows = await db(t).find(Subscription, { paypalSubscriptionId: id });
      expect(rows.map((row) => ({ userId: row.user.id, amountMinor: row.amountMinor }))).toEqual([
        { userId: bob.userId, amountMinor: 1599 },
      ]);
      const aliceUser = await db(t).findOneOrFail(User, { id: alice.userId });
      expect(aliceUser.plan).toBe('free');
    });

    it.each([
      ['currentPeriodEnd', '2099-01-01T00:00:00.000Z'],
      ['monthlyQuota', 100_000_000],
      ['plan_overridden', false],
    ])('refuses "%s" with 400', async (field, value) => {
      const bob = await accountWithKey(t);
      const before = await accountState(t, bob.userId);
      const res = await subscribe(t, bob, { paypalSubscriptionId: 'I-ANYTHING1', [field]: value });
      expectProblem(res, 400, 'validation-failed');
      expect(await accountState(t, bob.userId)).toEqual(before);
    });
  });

  it('never answers a password, a hash, a refresh token or a full API key outside its creation', async () => {
    const email = newEmail();
    const registered = await http()
      .post('/api/auth/register')
      .send({ firstName: 'Ada', lastName: 'L', email, password: PASSWORD })
      .expect(201);
    const cookie = refreshCookieOf(registered);
    const token = `Bearer ${registered.body.accessToken}`;
    await markEmailVerified(t.app, registered.body.user.uid);
    const created = await http()
      .post('/api/keys')
      .set('Authorization', token)
      .send({ name: 'k' })
      .expect(201);
    const key = created.body.key as string;
    const userId = registered.body.user.uid as string;
    await http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', key).expect(200);
    const { passwordHash } = await db(t).findOneOrFail(User, { id: userId }, { populate: ['passwordHash'] });
    const { keyHash } = await db(t).findOneOrFail(ApiKey, { user: userId });

    const refreshed = await http().post('/api/auth/refresh').set('Cookie', cookie).expect(200);
    const newCookie = refreshCookieOf(refreshed);
    const get = (path: string) => http().get(path).set('Authorization', token).expect(200);
    const answers: [string, request.Response][] = [
      ['register', registered],
      ['refresh', refreshed],
      ['login', await http().post('/api/auth/login').send({ email, password: PASSWORD }).expect(200)],
      ['me', await get('/api/auth/me')],
      ['account', await get('/api/account')],
      [
        'account change',
        await http().patch('/api/account').set('Authorization', token).send({ company: 'X' }),
      ],
      ['keys', await get('/api/keys')],
      ['usage', await get('/api/usage')],
      ['key usage', await http().get('/api/v1/usage').set('X-API-Key', key).expect(200)],
      ['disable', await http().post(`/api/keys/${created.body.id}/disable`).set('Authorization', token)],
      ['disabled keys', await get('/api/keys?status=disabled')],
    ];
    for (const [where, res] of answers) {
      expect([where, res.status < 300]).toEqual([where, true]);
      expect([where, res.text]).toEqual([where, expect.not.stringContaining(key)]);
      expect([where, res.text]).toEqual([where, expect.not.stringContaining(key.slice(8, 36))]);
      expect([where, res.text]).toEqual([where, expect.not.stringContaining(passwordHash)]);
      expect([where, res.text]).toEqual([where, expect.not.stringContaining(keyHash)]);
      expect([where, res.text]).toEqual([where, expect.not.stringContaining(PASSWORD)]);
      expect([where, res.text]).toEqual([where, expect.not.stringContaining(cookie.split('=')[1])]);
      expect([where, res.text]).toEqual([where, expect.not.stringContaining(newCookie.split('=')[1])]);
      expect([where, fieldNames(res.body).filter((name) => SECRET_FIELDS.test(name))]).toEqual([where, []]);
    }
    expect(created.body.key).toBe(key); // shown once, at creation
  });
});
