import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  EmailChange,
  emailChangeToken,
  EmailVerification,
  emailVerificationToken,
  Payment,
  RefreshToken,
  Subscription,
  TwoFactorRepository,
} from '@fxrates/db';
import { UsageBreakdownCounter } from '../../src/modules/usage';
import { PASSWORD } from '../support/auth-client';
import { givenIn } from '../support/given';
import { keysOnPlans } from '../support/plan-keys';
import type { TestApp } from '../test-app';
import { accountState, bearer, accountWithKey, type Account } from './support/accounts';
import { BASIC_MONTHLY, startBillingApp, subscribe, type BillingApp } from './support/billing';
import { documentedOperations, nameOf, type Operation } from './support/openapi-operations';
import { expectProblem } from './support/problem';
import { enrolTwoFactor } from './support/two-factor';

const WEBHOOK_PATHS_ATTACK =
  "every /api/webhooks/{id}… and /api/v1/webhooks/{id}… operation with another account's endpoint or delivery id";

/**
 * Every path of the OpenAPI document with a parameter in it, and the test below that attacks it.
 * A new path with a parameter fails the first test until it is attacked here too.
 */
/** Fixings belong to nobody (every plan from Basic reads them): their parameters are attacked as input. */
const FIXING_PATHS_ATTACK =
  'GET /api/v1/fixings/{cut}/{date}, /{id} and /{id}/verify with a cut, date or id that is not one';

const PARAMETER_PATHS: Record<string, string> = {
  '/api/keys/{id}/disable': "POST /api/keys/{id}/disable with another user's key id",
  '/api/keys/{id}': "PATCH /api/keys/{id} and POST /api/keys/{id}/roll with another user's key id",
  '/api/keys/{id}/roll': "PATCH /api/keys/{id} and POST /api/keys/{id}/roll with another user's key id",
  '/api/webhooks/{id}': WEBHOOK_PATHS_ATTACK,
  '/api/webhooks/{id}/test': WEBHOOK_PATHS_ATTACK,
  '/api/webhooks/{id}/deliveries': WEBHOOK_PATHS_ATTACK,
  '/api/webhooks/{id}/deliveries/{deliveryId}/replay': WEBHOOK_PATHS_ATTACK,
  '/api/v1/webhooks/{id}': WEBHOOK_PATHS_ATTACK,
  '/api/v1/webhooks/{id}/test': WEBHOOK_PATHS_ATTACK,
  '/api/v1/webhooks/{id}/deliveries': WEBHOOK_PATHS_ATTACK,
  '/api/v1/webhooks/{id}/deliveries/{deliveryId}/replay': WEBHOOK_PATHS_ATTACK,
  '/api/v1/rates/historical/{date}': 'GET /api/v1/rates/historical/{date} with a date that is not one',
  '/api/v1/fixings/{cut}/{date}': FIXING_PATHS_ATTACK,
  '/api/v1/fixings/{id}': FIXING_PATHS_ATTACK,
  '/api/v1/fixings/{id}/verify': FIXING_PATHS_ATTACK,
  '/api/account/payments/{id}': "GET /api/account/payments/{id} with another user's payment id",
  '/api/account/sessions/{id}': "DELETE /api/account/sessions/{id} with another user's session id",
  '/api/alerts/{id}': "PATCH and DELETE /api/alerts/{id} with another user's rate alert id",
};

/**
 * Every operation that acts on what the signed-in user (Bearer) or the key's owner (X-API-Key) owns,
 * without naming it in the path: the object is the caller's by construction. Each has a test below.
 */
const OWNED_BY_CALLER: Record<string, string> = {
  'GET /api/auth/me': 'GET /api/account and /api/auth/me',
  'GET /api/account': 'GET /api/account and /api/auth/me',
  'PATCH /api/account': 'PATCH /api/account',
  'GET /api/account/payments': 'GET /api/account/payments naming another user',
  'GET /api/account/notifications': 'GET /api/account/notifications naming another user',
  'PATCH /api/account/notifications': 'PATCH /api/account/notifications naming another user',
  'GET /api/keys': 'GET /api/keys',
  'GET /api/keys/disabled': 'GET /api/keys/disabled',
  'POST /api/keys': 'POST /api/keys',
  'POST /api/auth/verify-email': "POST /api/auth/verify-email with another user's genuine link",
  'POST /api/auth/verify-email/resend': 'POST /api/auth/verify-email/resend',
  'POST /api/auth/password':
    "POST /api/auth/password naming another user, with another user's refresh cookie",
  'GET /api/account/email': 'GET /api/account/email naming another user',
  'POST /api/account/email': "POST /api/account/email naming another user, with the caller's own password",
  'POST /api/account/email/confirm': "POST /api/account/email/confirm with another user's genuine link",
  'GET /api/usage': 'GET /api/usage',
  'GET /api/usage/breakdown': 'GET /api/usage/breakdown and its CSV naming another user',
  'GET /api/usage/breakdown.csv': 'GET /api/usage/breakdown and its CSV naming another user',
  'GET /api/v1/usage': 'GET /api/v1/usage',
  'POST /api/v1/subscriptions': "POST /api/v1/subscriptions with another user's PayPal subscription",
  'POST /api/v1/subscriptions/cancel': 'POST /api/v1/subscriptions/cancel',
  'POST /api/v1/subscriptions/change': "POST /api/v1/subscriptions/change naming another user's subscription",
  'POST /api/v1/subscriptions/change/undo': "POST /api/v1/subscriptions/change/undo of another user's change",
  'POST /api/v1/subscriptions/change/confirm':
    "POST /api/v1/subscriptions/change/confirm of another user's change",
  'POST /api/v1/subscriptions/change/pay':
    "POST /api/v1/subscriptions/change/pay with another user's upgrade payment",
  'GET /api/v1/subscriptions/quotes': 'GET /api/v1/subscriptions/quotes naming another user',
  'GET /api/account/export': 'GET /api/account/export naming another user',
  'DELETE /api/account': "DELETE /api/account naming another user, with the caller's own password",
  'GET /api/account/sessions': 'GET /api/account/sessions naming another user',
  'DELETE /api/account/sessions': 'DELETE /api/account/sessions naming another user',
  'GET /api/account/two-factor': 'GET /api/account/two-factor naming another user',
  'POST /api/account/two-factor': 'POST /api/account/two-factor naming another user',
  'POST /api/account/two-factor/confirm': "POST /api/account/two-factor/confirm with another user's code",
  'POST /api/account/two-factor/disable':
    "POST /api/account/two-factor/disable with the caller's password and another user's code",
  'POST /api/account/two-factor/recovery-codes':
    "POST /api/account/two-factor/recovery-codes with another user's recovery code",
  'POST /api/auth/reauthenticate': "POST /api/auth/reauthenticate with another user's refresh cookie",
  'GET /api/account/audit': 'GET /api/account/audit naming another user',
  'GET /api/webhooks': 'GET /api/webhooks and POST /api/webhooks naming another account',
  'POST /api/webhooks': 'GET /api/webhooks and POST /api/webhooks naming another account',
  'GET /api/alerts': 'GET /api/alerts and POST /api/alerts naming another user',
  'POST /api/alerts': 'GET /api/alerts and POST /api/alerts naming another user',
};

/**
 * Operations that take a caller's credentials but read nothing of the caller's: the converter's rates
 * and pair history, and the metered key routes (the key is only metered; API2 and API5 attack them).
 */
const isCallersObject = (operation: Operation) =>
  operation.path === '/api/v1/usage' ||
  (operation.schemes.includes('bearer') && !operation.path.startsWith('/api/rates/'));

describe('API1:2023 Broken Object Level Authorization', () => {
  let billing: BillingApp;
  let t: TestApp;
  let alice: Account;
  let mallory: Account;
  let operations: Operation[];
  const http = () => request(t.app.getHttpServer());
  const em = () => t.app.get(MikroORM).em.fork();
  /** The ids of a user's links of one kind (verifications, address changes), as stored. */
  const idsOf = async (link: typeof EmailVerification | typeof EmailChange, userId: string) =>
    (await em().find(link, { userId }, { orderBy: { id: 'asc' } })).map((row) => row.id);

  beforeAll(async () => {
    // A burst allowance no test here reaches: the victim's key must keep working between attacks.
    billing = await startBillingApp({ PLAN_LIMITS: 'free=1000:1000' });
    t = billing.t;
    alice = await accountWithKey(t);
    mallory = await accountWithKey(t);
    operations = await documentedOperations(t.app);
  });
  afterAll(() => billing.close());

  it('attacks every path of the OpenAPI document that has a parameter', () => {
    const withParameters = [...new Set(operations.map((o) => o.path).filter((path) => path.includes('{')))];
    expect(withParameters.sort()).toEqual(Object.keys(PARAMETER_PATHS).sort());
  });

  it("attacks every operation on the caller's own objects (Bearer or the usage of a key)", () => {
    const owned = operations.filter((o) => isCallersObject(o) && !(o.path in PARAMETER_PATHS));
    expect(owned.map(nameOf).sort()).toEqual(Object.keys(OWNED_BY_CALLER).sort());
  });

  describe(PARAMETER_PATHS['/api/keys/{id}/disable'], () => {
    it('answers 404 key-not-found, leaves the key active, and the key keeps working', async () => {
      const before = await accountState(t, alice.userId);
      const res = await http().post(`/api/keys/${alice.keyId}/disable`).set('Authorization', bearer(mallory));
      expectProblem(res, 404, 'key-not-found');
      expect(await accountState(t, alice.userId)).toEqual(before);
      await http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', alice.key).expect(200);
    });

    it('answers the same 404 as for a key that does not exist, so ids cannot be probed', async () => {
      const someoneElses = await http()
        .post(`/api/keys/${alice.keyId}/disable`)
        .set('Authorization', bearer(mallory));
      const nobodys = await http()
        .post(`/api/keys/${randomUUID()}/disable`)
        .set('Authorization', bearer(mallory));
      expect([someoneElses.status, someoneElses.body.message]).toEqual([
        nobodys.status,
        nobodys.body.message,
      ]);
    });

    it.each([
      ['not a UUID', 'not-a-uuid'],
      ['a number', '12345'],
      ['SQL', "1'%20OR%20'1'='1"],
      ['an upper-case spelling of the victim key id', 'UPPER'],
      ['the victim key id with a trailing NUL', 'NUL'],
      ['a path back up', '..%2F..%2Fkeys'],
      ['a UUID wrapped in braces', 'BRACES'],
    ])('answers 404 key-not-found for an id that is %s, never 500', async (_what, raw) => {
      const id =
        raw === 'UPPER'
          ? alice.keyId.toUpperCase()
          : raw === 'NUL'
            ? `${alice.keyId}%00`
            : raw === 'BRACES'
              ? `%7B${alice.keyId}%7D`
              : raw;
      const before = await accountState(t, alice.userId);
      const res = await http().post(`/api/keys/${id}/disable`).set('Authorization', bearer(mallory));
      expectProblem(res, 404, 'key-not-found');
      expect(await accountState(t, alice.userId)).toEqual(before);
    });
  });

  it(PARAMETER_PATHS['/api/keys/{id}'], async () => {
    const before = await accountState(t, alice.userId);
    const widened = await http()
      .patch(`/api/keys/${alice.keyId}`)
      .set('Authorization', bearer(mallory))
      .send({ allowedNetworks: ['0.0.0.0/0'], monthlyCap: 1 });
    expectProblem(widened, 404, 'key-not-found');
    const rolled = await http()
      .post(`/api/keys/${alice.keyId}/roll`)
      .set('Authorization', bearer(mallory))
      .send({ overlapHours: 0 });
    expectProblem(rolled, 404, 'key-not-found');
    expect(rolled.text).not.toMatch(/fxrates_[0-9a-f]{32}/);
    expect(await accountState(t, alice.userId)).toEqual(before);
    await http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', alice.key).expect(200);
  });

  it(PARAMETER_PATHS['/api/v1/rates/historical/{date}'], async () => {
    const { basic } = await keysOnPlans(t.app, ['basic'] as const);
    for (const date of [
      'yesterday',
      '2024-02-30',
      "2024-01-01'%20OR%201=1--",
      '..%2F..%2Fusage',
      '9'.repeat(40),
    ]) {
      const res = await http().get(`/api/v1/rates/historical/${date}`).set('X-API-Key', basic);
      expectProblem(res, 400, 'invalid-date');
    }
    const usage = await http().get('/api/v1/usage').set('X-API-Key', basic).expect(200);
    expect(usage.body.used).toBe(0);
  });

  it(FIXING_PATHS_ATTACK, async () => {
    const { basic } = await keysOnPlans(t.app, ['basic'] as const);
    const hostile = ["x'%20OR%201=1--", '..%2F..%2Fusage', '%00', '9'.repeat(40)];
    for (const id of hostile) {
      expectProblem(
        await http().get(`/api/v1/fixings/${id}`).set('X-API-Key', basic),
        404,
        'fixing-not-found',
      );
      expectProblem(
        await http().get(`/api/v1/fixings/${id}/verify`).set('X-API-Key', basic),
        404,
        'fixing-not-found',
      );
      expectProblem(
        await http().get(`/api/v1/fixings/LDN1600/${id}`).set('X-API-Key', basic),
        400,
        'invalid-date',
      );
      expectProblem(
        await http().get(`/api/v1/fixings/${id}/2024-03-15`).set('X-API-Key', basic),
        400,
        'unknown-cut',
      );
    }
    const usage = await http().get('/api/v1/usage').set('X-API-Key', basic).expect(200);
    expect(usage.body.used).toBe(0);
  });

  it(OWNED_BY_CALLER['GET /api/keys'], async () => {
    const eve = await accountWithKey(t);
    await http().post(`/api/keys/${eve.keyId}/disable`).set('Authorization', bearer(eve)).expect(200);
    const spare = await http().post('/api/keys').set('Authorization', bearer(eve)).send({ name: 'spare' });
    const ids = async (as: Account, query = '') => {
      const res = await http().get(`/api/keys${query}`).set('Authorization', bearer(as)).expect(200);
      return (res.body as { id: string }[]).map((key) => key.id);
    };
    expect(await ids(eve, '?status=active')).toEqual([spare.body.id]);
    expect(await ids(eve, '?status=disabled')).toEqual([eve.keyId]);
    expect(await ids(alice)).toEqual([alice.keyId]);
    expect(await ids(alice, '?status=disabled')).toEqual([]);
  });

  it(OWNED_BY_CALLER['GET /api/keys/disabled'], async () => {
    const eve = await accountWithKey(t);
    await http().post(`/api/keys/${eve.keyId}/disable`).set('Authorization', bearer(eve)).expect(200);
    const page = async (as: Account, query = '') =>
      (await http().get(`/api/keys/disabled${query}`).set('Authorization', bearer(as)).expect(200)).body;
    expect((await page(eve)).data.map((key: { id: string }) => key.id)).toEqual([eve.keyId]);
    expect(await page(alice)).toEqual({ data: [], next: null });
    const named = await http()
      .get(`/api/keys/disabled?userId=${eve.userId}`)
      .set('Authorization', bearer(mallory));
    expectProblem(named, 400, 'validation-failed');
    expect(named.text).not.toContain(eve.keyId);
  });

  it('GET /api/keys refuses a query naming another user: 400, not their keys', async () => {
    const res = await http().get(`/api/keys?userId=${alice.userId}`).set('Authorization', bearer(mallory));
    expectProblem(res, 400, 'validation-failed');
    expect(res.text).not.toContain(alice.keyId);
  });

  it(OWNED_BY_CALLER['POST /api/keys'], async () => {
    const before = await accountState(t, alice.userId);
    const res = await http()
      .post('/api/keys')
      .set('Authorization', bearer(mallory))
      .send({ name: 'planted', userId: alice.userId });
    expectProblem(res, 400, 'validation-failed');
    expect(await accountState(t, alice.userId)).toEqual(before);
  });

  /** A victim who just signed up, and the genuine token of the link they were mailed. */
  async function unverifiedVictim(): Promise<{ userId: string; token: string }> {
    const victim = await givenIn(t.app).user({ verified: false });
    const link = await givenIn(t.app).emailVerification(victim);
    return { userId: victim.id, token: emailVerificationToken(t.config.auth.jwtSecret, link.id, link.email) };
  }

  it(OWNED_BY_CALLER['POST /api/auth/verify-email'], async () => {
    const victim = await unverifiedVictim();
    const before = await accountState(t, victim.userId);
    const res = await http()
      .post('/api/auth/verify-email')
      .set('Authorization', bearer(mallory))
      .send({ token: victim.token, userId: victim.userId });
    expectProblem(res, 400, 'validation-failed');
    const withoutUserId = await http()
      .post('/api/auth/verify-email')
      .set('Authorization', bearer(mallory))
      .send({ token: victim.token });
    expectProblem(withoutUserId, 400, 'verification-link-invalid');
    expect(await accountState(t, victim.userId)).toEqual(before);
  });

  it(OWNED_BY_CALLER['POST /api/auth/verify-email/resend'], async () => {
    const victim = await unverifiedVictim();
    const links = () => idsOf(EmailVerification, victim.userId);
    const before = await links();
    const res = await http()
      .post('/api/auth/verify-email/resend')
      .set('Authorization', bearer(mallory))
      .send({ userId: victim.userId });
    expectProblem(res, 409, 'email-already-verified'); // Mallory's own, verified address; the body is ignored
    expect(await links()).toEqual(before);
  });

  it(OWNED_BY_CALLER['POST /api/auth/password'], async () => {
    const eve = await accountWithKey(t);
    const before = await accountState(t, alice.userId);
    // Eve's own current password, Alice's id and address in the body, Alice's refresh cookie along.
    const res = await http()
      .post('/api/auth/password')
      .set('Authorization', bearer(eve))
      .set('Cookie', alice.cookie)
      .send({
        currentPassword: PASSWORD,
        password: 'taken over at last',
        confirmPassword: 'taken over at last',
        userId: alice.userId,
        email: alice.email,
      });
    expect([204, 400]).toContain(res.status);
    expect(await accountState(t, alice.userId)).toEqual(before);
    await http().post('/api/auth/login').send({ email: alice.email, password: PASSWORD }).expect(200);
  });

  it(OWNED_BY_CALLER['GET /api/account/email'], async () => {
    const res = await http()
      .get(`/api/account/email?userId=${alice.userId}&email=${encodeURIComponent(alice.email)}`)
      .set('Authorization', bearer(mallory))
      .expect(200);
    expect(res.body.email).toBe(mallory.email.toLowerCase());
  });

  it(OWNED_BY_CALLER['POST /api/account/email'], async () => {
    const eve = await accountWithKey(t);
    const changes = () => idsOf(EmailChange, alice.userId);
    const before = await accountState(t, alice.userId);
    const body = { newEmail: `eve-${randomUUID()}@example.test`, currentPassword: PASSWORD };
    expectProblem(
      await http()
        .post('/api/account/email')
        .set('Authorization', bearer(eve))
        .send({ ...body, userId: alice.userId }),
      400,
      'validation-failed',
    );
    // Without the extra field it is Eve's own change: Alice's account and changes stay as they were.
    await http().post('/api/account/email').set('Authorization', bearer(eve)).send(body).expect(202);
    expect(await changes()).toEqual([]);
    expect(await accountState(t, alice.userId)).toEqual(before);
  });

  it(OWNED_BY_CALLER['POST /api/account/email/confirm'], async () => {
    const victim = await accountWithKey(t);
    await http()
      .post('/api/account/email')
      .set('Authorization', bearer(victim))
      .send({ newEmail: `victim-${randomUUID()}@example.test`, currentPassword: PASSWORD })
      .expect(202);
    const change = await em().findOneOrFail(EmailChange, { userId: victim.userId });
    const token = emailChangeToken(t.config.auth.jwtSecret, {
      id: change.id,
      email: change.email,
      previousEmail: change.previousEmail,
    });
    const before = await accountState(t, victim.userId);
    const mallorysBefore = await accountState(t, mallory.userId);
    const res = await http()
      .post('/api/account/email/confirm')
      .set('Authorization', bearer(mallory))
      .send({ token });
    expectProblem(res, 400, 'email-change-link-invalid');
    expect(await accountState(t, victim.userId)).toEqual(before);
    expect(await accountState(t, mallory.userId)).toEqual(mallorysBefore);
  });

  it(OWNED_BY_CALLER['GET /api/usage'], async () => {
    await http().get('/api/v1/rates/rate?from=USD&to=GBP').set('X-API-Key', alice.key).expect(200);
    // The dashboard's usage takes no query: naming Alice is ignored, and Mallory sees her own.
    for (const path of ['/api/usage', `/api/usage?userId=${alice.userId}&keyId=${alice.keyId}`]) {
      const res = await http().get(path).set('Authorization', bearer(mallory)).expect(200);
      expect(res.body.used).toBe(0);
      expect(res.text).not.toContain(alice.keyId);
      const keysSeen = (res.body.days as { byKey: Record<string, number> }[]).flatMap((day) =>
        Object.keys(day.byKey),
      );
      expect(keysSeen).toEqual([]);
    }
  });

  it(OWNED_BY_CALLER['GET /api/v1/usage'], async () => {
    await http().get('/api/v1/rates/rate?from=EUR&to=USD').set('X-API-Key', alice.key).expect(200);
    await t.app.get(UsageBreakdownCounter).flush();
    const named = await http().get(`/api/v1/usage?userId=${alice.userId}`).set('X-API-Key', mallory.key);
    expectProblem(named, 400, 'validation-failed');
    const own = await http().get('/api/v1/usage').set('X-API-Key', mallory.key).expect(200);
    expect(own.body.used).toBe(0);
    expect(own.text).not.toContain(alice.keyId);
  });

  it(OWNED_BY_CALLER['GET /api/usage/breakdown'], async () => {
    await http().get('/api/v1/rates/rate?from=USD&to=CHF').set('X-API-Key', alice.key).expect(200);
    await t.app.get(UsageBreakdownCounter).flush();
    for (const path of ['/api/usage/breakdown', '/api/usage/breakdown.csv']) {
      for (const naming of [`userId=${alice.userId}`, `keyId=${alice.keyId}`]) {
        const named = await http().get(`${path}?${naming}`).set('Authorization', bearer(mallory));
        expectProblem(named, 400, 'validation-failed');
      }
      const own = await http().get(path).set('Authorization', bearer(mallory)).expect(200);
      expect([path, own.text.includes(alice.keyId)]).toEqual([path, false]);
    }
    const hers = await http().get('/api/usage/breakdown').set('Authorization', bearer(alice)).expect(200);
    expect(hers.text).toContain(alice.keyId);
  });

  it(OWNED_BY_CALLER['GET /api/account'], async () => {
    for (const path of [
      '/api/account',
      `/api/account?uid=${alice.userId}`,
      `/api/account?email=${encodeURIComponent(alice.email)}`,
      '/api/auth/me',
      `/api/auth/me?uid=${alice.userId}`,
    ]) {
      const res = await http().get(path).set('Authorization', bearer(mallory)).expect(200);
      expect([path, res.body.email]).toEqual([path, mallory.email.toLowerCase()]);
      expect(res.text).not.toContain(alice.userId);
      expect(res.text.toLowerCase()).not.toContain(alice.email.toLowerCase());
    }
  });

  it(OWNED_BY_CALLER['PATCH /api/account'], async () => {
    const before = await accountState(t, alice.userId);
    for (const body of [
      { uid: alice.userId, firstName: 'Owned' },
      { email: alice.email, lastName: 'Owned' },
    ]) {
      const res = await http().patch('/api/account').set('Authorization', bearer(mallory)).send(body);
      expectProblem(res, 400, 'validation-failed');
    }
    expect(await accountState(t, alice.userId)).toEqual(before);
  });

  it(OWNED_BY_CALLER['GET /api/account/notifications'], async () => {
    await http()
      .patch('/api/account/notifications')
      .set('Authorization', bearer(mallory))
      .send({ quotaAlerts: [100] })
      .expect(200);
    const res = await http()
      .get(`/api/account/notifications?userId=${alice.userId}&uid=${alice.userId}`)
      .set('Authorization', bearer(mallory))
      .expect(200);
    // Mallory's own choice, not Alice's (all three, untouched).
    expect(res.body).toEqual({ quotaAlerts: [100] });
  });

  it(OWNED_BY_CALLER['PATCH /api/account/notifications'], async () => {
    const before = await accountState(t, alice.userId);
    for (const body of [
      { userId: alice.userId, quotaAlerts: [] },
      { email: alice.email, quotaAlerts: [] },
    ]) {
      const res = await http()
        .patch('/api/account/notifications')
        .set('Authorization', bearer(mallory))
        .send(body);
      expectProblem(res, 400, 'validation-failed');
    }
    await http()
      .patch(`/api/account/notifications?userId=${alice.userId}`)
      .set('Authorization', bearer(mallory))
      .send({ quotaAlerts: [] })
      .expect(200);
    expect(await accountState(t, alice.userId)).toEqual(before);
  });

  it(OWNED_BY_CALLER['GET /api/account/export'], async () => {
    const res = await http()
      .get(`/api/account/export?userId=${alice.userId}&uid=${alice.userId}`)
      .set('Authorization', bearer(mallory))
      .expect(200);
    expect(res.body.profile.id).toBe(mallory.userId);
    for (const value of [alice.email.toLowerCase(), alice.keyId, alice.key])
      expect(res.text).not.toContain(value);
  });

  it(OWNED_BY_CALLER['DELETE /api/account'], async () => {
    const before = await accountState(t, alice.userId);
    const eve = await accountWithKey(t);
    const named = await http()
      .delete('/api/account')
      .set('Authorization', bearer(eve))
      .send({ password: PASSWORD, userId: alice.userId });
    expectProblem(named, 400, 'validation-failed');
    await http()
      .delete(`/api/account?userId=${alice.userId}&uid=${alice.userId}`)
      .set('Authorization', bearer(eve))
      .send({ password: PASSWORD })
      .expect(204);
    // Eve's account went; Alice's is as it was, her key answering.
    expect(await accountState(t, alice.userId)).toEqual(before);
    await http().get('/api/v1/usage').set('X-API-Key', alice.key).expect(200);
    expectProblem(await http().get('/api/v1/usage').set('X-API-Key', eve.key), 403, 'api-key-disabled');
  });

  describe('subscriptions', () => {
    let paypalId: string;
    beforeAll(async () => {
      paypalId = billing.paypal.createSubscription({ plan_id: BASIC_MONTHLY, custom_id: alice.userId }).id;
      await subscribe(t, alice, { paypalSubscriptionId: paypalId }).expect(201);
    });

    it(OWNED_BY_CALLER['POST /api/v1/subscriptions'], async () => {
      const aliceBefore = await accountState(t, alice.userId);
      const malloryBefore = await accountState(t, mallory.userId);
      const res = await subscribe(t, mallory, { paypalSubscriptionId: paypalId, userId: alice.userId });
      expectProblem(res, 403, 'subscription-owner-mismatch');
      expect(res.body.success).toBe(false);
      expect(await accountState(t, alice.userId)).toEqual(aliceBefore);
      expect(await accountState(t, mallory.userId)).toEqual(malloryBefore);
      expect(billing.paypal.subscription(paypalId)!.status).toBe('ACTIVE');
    });

    it(OWNED_BY_CALLER['POST /api/v1/subscriptions/cancel'], async () => {
      const aliceBefore = await accountState(t, alice.userId);
      const res = await http()
        .post('/api/v1/subscriptions/cancel')
        .set('Authorization', bearer(mallory))
        .send({ paypalSubscriptionId: paypalId, userId: alice.userId });
      expectProblem(res, 404, 'subscription-not-found');
      expect(billing.paypal.subscription(paypalId)!.status).toBe('ACTIVE');
      expect(await accountState(t, alice.userId)).toEqual(aliceBefore);
      const row = await em().findOneOrFail(Subscription, { paypalSubscriptionId: paypalId });
      expect(row.status).toBe('active');
    });

    /** Mallory, who holds no subscription, names Alice's: each answer is about Mallory's own (none). */
    const asMallory = (path: string, body: object) =>
      http()
        .post(`/api/v1/subscriptions${path}`)
        .set('Authorization', bearer(mallory))
        .set('Origin', 'http://127.0.0.1:3000')
        .send(body);
    const urls = { returnUrl: 'http://127.0.0.1:3000/account' };

    async function expectAliceUntouched(attack: () => Promise<void>): Promise<void> {
      const before = await accountState(t, alice.userId);
      await attack();
      expect(billing.paypal.pendingRevisions(paypalId)).toEqual([]);
      expect(billing.paypal.subscription(paypalId)!.plan_id).toBe(BASIC_MONTHLY);
      expect(await accountState(t, alice.userId)).toEqual(before);
    }

    it(OWNED_BY_CALLER['POST /api/v1/subscriptions/change'], async () => {
      await expectAliceUntouched(async () => {
        const named = { plan: 'basic', billingCycle: 'annual', ...urls, paypalSubscriptionId: paypalId };
        expectProblem(await asMallory('/change', named), 400, 'validation-failed');
        const plain = { plan: 'basic', billingCycle: 'annual', ...urls };
        expectProblem(await asMallory('/change', plain), 404, 'subscription-not-found');
      });
    });

    it(OWNED_BY_CALLER['POST /api/v1/subscriptions/change/undo'], async () => {
      await expectAliceUntouched(async () => {
        expectProblem(
          await asMallory('/change/undo', { ...urls, userId: alice.userId }),
          400,
          'validation-failed',
        );
        expectProblem(await asMallory('/change/undo', urls), 404, 'subscription-not-found');
      });
    });

    it(OWNED_BY_CALLER['POST /api/v1/subscriptions/change/confirm'], async () => {
      await expectAliceUntouched(async () => {
        const res = await asMallory('/change/confirm', {
          paypalSubscriptionId: paypalId,
          userId: alice.userId,
        });
        expectProblem(res, 404, 'subscription-not-found');
      });
      expect((await accountState(t, mallory.userId)).user).toMatchObject([{ plan: 'free' }]);
    });

    it(OWNED_BY_CALLER['POST /api/v1/subscriptions/change/pay'], async () => {
      const started = await http()
        .post('/api/v1/subscriptions/change')
        .set('Authorization', bearer(alice))
        .set('Origin', 'http://127.0.0.1:3000')
        .send({ plan: 'enterprise', billingCycle: 'monthly', ...urls })
        .expect(200);
      const orderId = new URL(started.body.approveUrl).searchParams.get('token')!;
      billing.paypal.orders.approve(orderId);
      await expectAliceUntouched(async () => {
        const res = await asMallory('/change/pay', { paymentId: started.body.payment.id, ...urls });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      });
      expect(billing.paypal.orders.get(orderId)!.status).toBe('APPROVED');
      expect((await accountState(t, mallory.userId)).user).toMatchObject([{ plan: 'free' }]);
    });

    describe(PARAMETER_PATHS['/api/account/payments/{id}'], () => {
      let paymentId: string;
      let captureId: string;
      beforeAll(async () => {
        // Alice's own upgrade, paid and captured as the account page pays it.
        const started = await http()
          .post('/api/v1/subscriptions/change')
          .set('Authorization', bearer(alice))
          .set('Origin', 'http://127.0.0.1:3000')
          .send({ plan: 'enterprise', billingCycle: 'monthly', ...urls });
        if (started.status === 200) {
          billing.paypal.orders.approve(new URL(started.body.approveUrl).searchParams.get('token')!);
          paymentId = started.body.payment.id;
        } else {
          // The change/pay attack above left Alice's earlier upgrade approved at PayPal: pay that one.
          const waiting = await em().findOneOrFail(
            Payment,
            { user: alice.userId, status: 'created' },
            { orderBy: { createdAt: 'desc' } },
          );
          paymentId = waiting.id;
        }
        await http()
          .post('/api/v1/subscriptions/change/pay')
          .set('Authorization', bearer(alice))
          .set('Origin', 'http://127.0.0.1:3000')
          .send({ paymentId, ...urls })
          .expect(200);
        captureId = (await em().findOneOrFail(Payment, paymentId)).paypalCaptureId!;
        await http()
          .get(`/api/account/payments/${paymentId}`)
          .set('Authorization', bearer(alice))
          .expect(200);
      });

      it('answers 404 payment-not-found (not 403), and nothing of the payment', async () => {
        const res = await http()
          .get(`/api/account/payments/${paymentId}`)
          .set('Authorization', bearer(mallory));
        expectProblem(res, 404, 'payment-not-found');
        expect(res.text).not.toContain(captureId);
        expect(res.text).not.toContain(alice.userId);
      });

      it('answers the same 404 as for a payment that does not exist, so ids cannot be probed', async () => {
        const someoneElses = await http()
          .get(`/api/account/payments/${paymentId}`)
          .set('Authorization', bearer(mallory));
        const nobodys = await http()
          .get(`/api/account/payments/${randomUUID()}`)
          .set('Authorization', bearer(mallory));
        expect([someoneElses.status, someoneElses.body.message]).toEqual([
          nobodys.status,
          nobodys.body.message,
        ]);
      });

      it.each([
        ['an upper-case spelling of the victim payment id', () => paymentId.toUpperCase()],
        ['the victim payment id with a trailing NUL', () => `${paymentId}%00`],
        ['SQL', () => "1'%20OR%20'1'='1"],
        ['a path back up', () => '..%2F..%2Fpayments'],
      ])('answers 404 payment-not-found for %s, never 500', async (_what, id) => {
        const res = await http().get(`/api/account/payments/${id()}`).set('Authorization', bearer(mallory));
        expectProblem(res, 404, 'payment-not-found');
        expect(res.text).not.toContain(captureId);
      });

      it(OWNED_BY_CALLER['GET /api/account/payments'], async () => {
        const named = await http()
          .get(`/api/account/payments?userId=${alice.userId}`)
          .set('Authorization', bearer(mallory));
        expectProblem(named, 400, 'validation-failed');
        const own = await http()
          .get('/api/account/payments')
          .set('Authorization', bearer(mallory))
          .expect(200);
        expect(own.body).toEqual({ data: [], next: null });
        const alices = await http()
          .get('/api/account/payments')
          .set('Authorization', bearer(alice))
          .expect(200);
        expect(alices.body.data.map((payment: { id: string }) => payment.id)).toEqual([paymentId]);
      });
    });

    it(OWNED_BY_CALLER['GET /api/v1/subscriptions/quotes'], async () => {
      const res = await http()
        .get(`/api/v1/subscriptions/quotes?userId=${alice.userId}`)
        .set('Authorization', bearer(mallory));
      // Refused, or about Mallory (free, nothing paid): never Alice's plan or paid period.
      if (res.status === 200)
        expect(res.body).toMatchObject({ plan: 'free', status: 'none', paidUntil: null });
      else expectProblem(res, 400, 'validation-failed');
    });
  });

  /** The ids of Alice's sessions, as she sees them. */
  const aliceSessions = async () =>
    (
      (await http().get('/api/account/sessions').set('Authorization', bearer(alice)).expect(200)).body as {
        id: string;
      }[]
    ).map((session) => session.id);

  it(PARAMETER_PATHS['/api/alerts/{id}'], async () => {
    const victim = await givenIn(t.app).rateAlert({ id: alice.userId }, { level: '1.25' });
    const aliceAlerts = async () =>
      (await http().get('/api/alerts').set('Authorization', bearer(alice)).expect(200)).body.alerts as {
        id: string;
        level: string;
        paused: boolean;
      }[];
    for (const id of [
      victim.id,
      victim.id.toUpperCase(),
      `%7B${victim.id}%7D`,
      "1'%20OR%20'1'='1",
      randomUUID(),
    ]) {
      expectProblem(
        await http()
          .patch(`/api/alerts/${id}`)
          .set('Authorization', bearer(mallory))
          .send({ paused: true, level: '9' }),
        404,
        'rate-alert-not-found',
      );
      expectProblem(
        await http().delete(`/api/alerts/${id}`).set('Authorization', bearer(mallory)),
        404,
        'rate-alert-not-found',
      );
    }
    expect((await aliceAlerts()).find((a) => a.id === victim.id)).toMatchObject({
      level: '1.25',
      paused: false,
    });
  });

  it(OWNED_BY_CALLER['GET /api/alerts'], async () => {
    const victim = await givenIn(t.app).rateAlert({ id: alice.userId });
    const seen = await http()
      .get(`/api/alerts?userId=${alice.userId}`)
      .set('Authorization', bearer(mallory))
      .expect(200);
    expect((seen.body.alerts as { id: string }[]).map((a) => a.id)).not.toContain(victim.id);
    const created = await http().post('/api/alerts').set('Authorization', bearer(mallory)).send({
      base: 'EUR',
      quote: 'USD',
      condition: 'above',
      level: '1.5',
      channel: 'email',
      userId: alice.userId,
    });
    expectProblem(created, 400, 'validation-failed');
    const mine = await http().get('/api/alerts').set('Authorization', bearer(alice)).expect(200);
    expect((mine.body.alerts as { level: string }[]).map((a) => a.level)).not.toContain('1.5');
  });

  it(PARAMETER_PATHS['/api/account/sessions/{id}'], async () => {
    const [victim] = await aliceSessions();
    for (const id of [victim, victim.toUpperCase(), `%7B${victim}%7D`, "1'%20OR%20'1'='1", randomUUID()]) {
      const res = await http().delete(`/api/account/sessions/${id}`).set('Authorization', bearer(mallory));
      expectProblem(res, 404, 'session-not-found');
    }
    expect(await aliceSessions()).toContain(victim);
    await http().get('/api/account').set('Authorization', bearer(alice)).expect(200);
  });

  it(OWNED_BY_CALLER['GET /api/account/sessions'], async () => {
    const mine = await aliceSessions();
    const res = await http()
      .get(`/api/account/sessions?userId=${alice.userId}&uid=${alice.userId}`)
      .set('Authorization', bearer(mallory))
      .expect(200);
    const seen = (res.body as { id: string }[]).map((s) => s.id);
    for (const id of mine) expect(seen).not.toContain(id);
  });

  it(OWNED_BY_CALLER['DELETE /api/account/sessions'], async () => {
    const before = await aliceSessions();
    await http()
      .delete(`/api/account/sessions?userId=${alice.userId}`)
      .set('Authorization', bearer(mallory))
      .send({ userId: alice.userId })
      .expect(204);
    expect(await aliceSessions()).toEqual(before);
    await http().get('/api/account').set('Authorization', bearer(mallory)).expect(200);
  });

  it(OWNED_BY_CALLER['GET /api/account/audit'], async () => {
    // Alice signs in: her audit log has an event, with her address and where she signed in from.
    await http().post('/api/auth/login').send({ email: alice.email, password: PASSWORD }).expect(200);
    const named = await http()
      .get(`/api/account/audit?userId=${alice.userId}`)
      .set('Authorization', bearer(mallory));
    expectProblem(named, 400, 'validation-failed');
    const res = await http().get('/api/account/audit').set('Authorization', bearer(mallory)).expect(200);
    expect(res.text).not.toContain(alice.email.toLowerCase());
  });

  describe('two-factor authentication', () => {
    let victim: Account;
    let victimFactor: Awaited<ReturnType<typeof enrolTwoFactor>>;
    const victimState = async () => {
      const twoFactor = new TwoFactorRepository(em());
      return {
        factor: await twoFactor.ofUser(victim.userId),
        codes: await twoFactor.recoveryCodesLeft(victim.userId),
      };
    };
    const post = (path: string, body: object) =>
      http().post(path).set('Authorization', bearer(mallory)).send(body);

    beforeAll(async () => {
      victim = await accountWithKey(t);
      victimFactor = await enrolTwoFactor(t, victim);
    });

    it(OWNED_BY_CALLER['GET /api/account/two-factor'], async () => {
      const res = await http()
        .get(`/api/account/two-factor?userId=${victim.userId}`)
        .set('Authorization', bearer(mallory))
        .expect(200);
      expect(res.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    });

    it(OWNED_BY_CALLER['POST /api/account/two-factor'], async () => {
      const before = await victimState();
      const res = await post('/api/account/two-factor', { userId: victim.userId }).expect(201);
      // The caller's own set-up, for the caller's own address.
      expect(decodeURIComponent(res.body.otpauthUri)).toContain(`:${mallory.email.toLowerCase()}?`);
      expect(await victimState()).toEqual(before);
    });

    it(OWNED_BY_CALLER['POST /api/account/two-factor/confirm'], async () => {
      const before = await victimState();
      const code = victimFactor.phone.codeAt(1);
      // Checked against the caller's own pending secret (the test above started one).
      expectProblem(await post('/api/account/two-factor/confirm', { code }), 400, 'wrong-two-factor-code');
      expect(await victimState()).toEqual(before);
    });

    it(OWNED_BY_CALLER['POST /api/account/two-factor/disable'], async () => {
      const before = await victimState();
      const body = { password: PASSWORD, code: victimFactor.phone.codeAt(1) };
      expectProblem(await post('/api/account/two-factor/disable', body), 409, 'two-factor-not-enabled');
      expect(await victimState()).toEqual(before);
    });

    it(OWNED_BY_CALLER['POST /api/account/two-factor/recovery-codes'], async () => {
      const before = await victimState();
      const body = { recoveryCode: victimFactor.recoveryCodes[0] };
      expectProblem(
        await post('/api/account/two-factor/recovery-codes', body),
        409,
        'two-factor-not-enabled',
      );
      expect(await victimState()).toEqual(before);
    });

    it(OWNED_BY_CALLER['POST /api/auth/reauthenticate'], async () => {
      await givenIn(t.app).signInsAuthenticatedAt(
        { id: victim.userId },
        new Date(Date.now() - 3 * 3_600_000),
      );
      const proved = async () =>
        (
          await em().find(RefreshToken, { user: victim.userId }, { orderBy: { createdAt: 'asc', id: 'asc' } })
        ).map((token) => token.authenticatedAt);
      const before = await proved();
      await http()
        .post('/api/auth/reauthenticate')
        .set('Authorization', bearer(mallory))
        .set('Cookie', victim.cookie)
        .send({ password: PASSWORD })
        .expect(200);
      expect(await proved()).toEqual(before);
    });
  });

  describe('webhook endpoints', () => {
    const urlOf = 'https://hooks.example.com/victim';
    /** Alice's endpoint (made through the API) and a delivery of it, and how she sees them. */
    async function victimEndpoint() {
      const created = await http()
        .post('/api/webhooks')
        .set('Authorization', bearer(alice))
        .send({ url: urlOf, events: ['rates.published'] })
        .expect(201);
      const id = created.body.endpoint.id as string;
      const tested = await http()
        .post(`/api/webhooks/${id}/test`)
        .set('Authorization', bearer(alice))
        .expect(202);
      return { id, deliveryId: tested.body.delivery.id as string };
    }
    const aliceSees = async (id: string) => {
      const list = await http().get('/api/webhooks').set('Authorization', bearer(alice)).expect(200);
      const log = await http()
        .get(`/api/webhooks/${id}/deliveries`)
        .set('Authorization', bearer(alice))
        .expect(200);
      return {
        endpoints: list.body.endpoints as unknown[],
        deliveries: (log.body.deliveries as unknown[]).length,
      };
    };

    it(WEBHOOK_PATHS_ATTACK, async () => {
      const victim = await victimEndpoint();
      const before = await aliceSees(victim.id);
      for (const [base, auth] of [
        ['/api/webhooks', (test: request.Test) => test.set('Authorization', bearer(mallory))],
        ['/api/v1/webhooks', (test: request.Test) => test.set('X-API-Key', mallory.key)],
      ] as const) {
        for (const id of [
          victim.id,
          victim.id.toUpperCase(),
          `%7B${victim.id}%7D`,
          "1'%20OR%20'1'='1",
          randomUUID(),
        ]) {
          const refused = [
            await auth(http().patch(`${base}/${id}`)).send({
              url: 'https://mallory.example.com/',
              enabled: false,
            }),
            await auth(http().delete(`${base}/${id}`)),
            await auth(http().post(`${base}/${id}/test`)),
            await auth(http().get(`${base}/${id}/deliveries`)),
            await auth(http().post(`${base}/${id}/deliveries/${victim.deliveryId}/replay`)),
          ];
          for (const answer of refused) expectProblem(answer, 404, 'webhook-endpoint-not-found');
        }
      }
      // Mallory's own endpoint does not open Alice's deliveries either.
      const own = await http()
        .post('/api/webhooks')
        .set('Authorization', bearer(mallory))
        .send({ url: 'https://mallory.example.com/', events: ['rates.published'] })
        .expect(201);
      expectProblem(
        await http()
          .post(`/api/webhooks/${own.body.endpoint.id as string}/deliveries/${victim.deliveryId}/replay`)
          .set('Authorization', bearer(mallory)),
        404,
        'webhook-delivery-not-found',
      );
      expect(await aliceSees(victim.id)).toEqual(before);
      expect(before.endpoints).toEqual([
        expect.objectContaining({ id: victim.id, url: urlOf, status: 'active' }),
      ]);
    });

    it(OWNED_BY_CALLER['GET /api/webhooks'], async () => {
      const seen = await http()
        .get(`/api/webhooks?userId=${alice.userId}`)
        .set('Authorization', bearer(mallory))
        .expect(200);
      expect(JSON.stringify(seen.body)).not.toContain(urlOf);
      const made = await http()
        .post('/api/webhooks')
        .set('Authorization', bearer(mallory))
        .send({ url: 'https://mallory.example.com/2', events: ['rates.published'], userId: alice.userId });
      expect([201, 400, 403]).toContain(made.status);
      const alices = await http().get('/api/webhooks').set('Authorization', bearer(alice)).expect(200);
      expect(JSON.stringify(alices.body)).not.toContain('mallory.example.com');
    });
  });
});
