import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { wrap } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '@fxrates/config';
import {
  AccountSession,
  ApiKey,
  ContactMessage,
  EmailVerification,
  PasswordReset,
  Payment,
  QuotaAlert,
  RefreshToken,
  Subscription,
  TwoFactorRepository,
  UsageRepository,
  User,
  WebhookDelivery,
  WebhookEndpoint,
} from '@fxrates/db';
import request from 'supertest';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { WorkerModule } from '../../worker/src/worker.module';
import { startSmtpSink, type SmtpSink } from '../../worker/test/support/smtp-sink';
import { BASIC_ANNUAL, subscribedUser } from '../../worker/test/support/subscribed';
import { until } from '../../worker/test/support/waiting';
import { deletedAddress } from '../src/modules/account/account-deletion.service';
import { seedAccount } from './support/account-data';
import { enrolTwoFactor } from './security/support/two-factor';
import { PASSWORD, register } from './support/auth-client';
import { givenIn } from './support/given';
import { payPalEnv } from './support/paypal-env';
import { bodyOf, mailsTo } from './support/verification-mail';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/**
 * "Delete account" on two API instances sharing PostgreSQL and Redis, a worker mailing
 * through an SMTP stand-in, and PayPal's stand-in.
 */
describe('DELETE /api/account', () => {
  let paypal: PayPalStandIn;
  let smtp: SmtpSink;
  let config: AppConfig;
  let one: TestApp;
  let two: TestApp;
  let worker: INestApplicationContext;

  const db = () => one.app.get(MikroORM).em.fork();
  const userRow = (userId: string) => db().findOneOrFail(User, { id: userId });
  /** How many rows of each personal table still name the user. */
  const personalRowsOf = async (userId: string) => {
    const em = db();
    return {
      refreshTokens: await em.count(RefreshToken, { user: userId }),
      accountSessions: await em.count(AccountSession, { user: userId }),
      usageDays: (await new UsageRepository(em).daysOfUserSince(userId, '0001-01-01')).length,
      quotaAlerts: await em.count(QuotaAlert, { userId }),
      emailVerifications: await em.count(EmailVerification, { userId }),
      passwordResets: await em.count(PasswordReset, { userId }),
      twoFactor: (await new TwoFactorRepository(em).ofUser(userId)) === undefined ? 0 : 1,
      recoveryCodes: (await new TwoFactorRepository(em).recoveryCodeHashesOf(userId)).length,
      webhookEndpoints: await em.count(WebhookEndpoint, { userId }),
      webhookDeliveries: await em.count(WebhookDelivery, { userId }),
    };
  };
  /** An address matched as `lower(email) = lower(?)` would: exactly, whatever the letter case. */
  const anyCaseOf = (email: string) => ({ $ilike: email.replace(/[\\%_]/g, '\\$&') });
  const on = (t: TestApp) => request(t.app.getHttpServer());
  const remove = (t: TestApp, accessToken: string, body: Record<string, unknown> = { password: PASSWORD }) =>
    on(t).delete('/api/account').set('Authorization', `Bearer ${accessToken}`).send(body);
  const usage = (t: TestApp, key: string) => on(t).get('/api/v1/usage').set('X-API-Key', key);
  const deletionMails = (email: string) => mailsTo(smtp, email, 'X-FXRates-Account-Deleted');

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ plans: { [BASIC_ANNUAL]: { interval: 'YEAR', price: '167.88' } } });
    smtp = await startSmtpSink();
    config = testConfig({
      ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      EMAIL_RETRY_DELAY_MS: '200',
      RATES_INGEST_INTERVAL_MS: '600000',
      USAGE_FLUSH_INTERVAL_MS: '600000',
    });
    one = await startTestApp(config);
    two = await startTestApp(config);
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  });
  afterAll(async () => {
    await worker.close();
    await two.close();
    await one.close();
    await smtp.close();
    await paypal.close();
  });

  it('refuses a wrong password and deletes nothing', async () => {
    const ada = await seedAccount(one.app);
    const refused = await remove(one, ada.accessToken, { password: 'not the password' }).expect(400);
    expect(refused.body).toMatchObject({
      code: 'wrong-current-password',
      message: 'Your current password is not correct.',
    });
    expect((await remove(one, ada.accessToken, {}).expect(400)).body.code).toBe('validation-failed');
    await usage(one, ada.key).expect(200);
    await on(one).get('/api/account').set('Authorization', `Bearer ${ada.accessToken}`).expect(200);
    const user = await userRow(ada.userId);
    expect({ email: user.email, deletedAt: user.deletedAt }).toEqual({ email: ada.email, deletedAt: null });
  });

  it('asks for the second factor when it is on: none, a wrong one and a replayed one refused; a recovery code works', async () => {
    const ada = await seedAccount(one.app);
    const { phone, recoveryCodes } = await enrolTwoFactor(one, ada);
    const missing = await remove(one, ada.accessToken).expect(400);
    expect(missing.body).toMatchObject({
      code: 'second-factor-required',
      message: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    });
    const wrong = await remove(one, ada.accessToken, { password: PASSWORD, code: phone.wrongCode() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('wrong-two-factor-code');
    // The code that turned two-factor on was spent then: it cannot be used again.
    const replayed = await remove(one, ada.accessToken, { password: PASSWORD, code: phone.lastSpentCode() });
    expect(replayed.body.code).toBe('wrong-two-factor-code');
    await usage(one, ada.key).expect(200);
    expect((await userRow(ada.userId)).deletedAt).toBeNull();

    await remove(one, ada.accessToken, { password: PASSWORD, code: recoveryCodes[0] }).expect(204);
    expect([401, 403]).toContain((await usage(two, ada.key)).status);
    const twoFactor = new TwoFactorRepository(db());
    expect(await twoFactor.ofUser(ada.userId)).toBeUndefined();
    expect(await twoFactor.recoveryCodeHashesOf(ada.userId)).toEqual([]);
  });

  it('refuses a request from a page of another origin', async () => {
    const ada = await seedAccount(one.app);
    const refused = await remove(one, ada.accessToken).set('Origin', 'https://evil.example').expect(403);
    expect(refused.body.code).toBe('origin-not-allowed');
    await usage(one, ada.key).expect(200);
  });

  it('cancels at PayPal, stops every key on every instance, ends every sign-in, erases, keeps payments, mails', async () => {
    const { userId, paypalId, accessToken } = await subscribedUser(one, paypal);
    const { email } = await userRow(userId);
    const key = (
      await on(one)
        .post('/api/keys')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ name: 'mine' })
        .expect(201)
    ).body.key as string;
    const login = await on(one).post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const hook = await on(one)
      .post('/api/webhooks')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ url: 'https://hooks.example.com/deleted', events: ['rates.published'] })
      .expect(201);
    await on(one)
      .post(`/api/webhooks/${hook.body.endpoint.id as string}/test`)
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(202);
    // Both instances have the key cached as good.
    await usage(one, key).expect(200);
    await usage(two, key).expect(200);
    const subscription = await db().findOneOrFail(Subscription, { paypalSubscriptionId: paypalId });
    const now = new Date();
    const yearFromNow = new Date(now);
    yearFromNow.setUTCFullYear(now.getUTCFullYear() + 1);
    await givenIn(one.app).payment(
      {
        id: subscription.id,
        userId,
        plan: 'basic',
        billingCycle: 'annual',
        amountMinor: 16788,
        currentPeriodEnd: subscription.currentPeriodEnd,
      },
      {
        kind: 'subscription',
        status: 'captured',
        amountMinor: 16788,
        periodStart: now,
        periodEnd: yearFromNow,
        paypalCaptureId: `SALE-${subscription.id}`,
        capturedMinor: 16788,
        capturedAt: now,
        payerId: 'PAYERID1234',
        createdAt: now,
      },
    );

    await remove(two, accessToken).expect(204);

    expect(paypal.requests).toContain(`POST /v1/billing/subscriptions/${paypalId}/cancel`);
    expect(paypal.subscription(paypalId)!.status).toBe('CANCELLED');
    for (const t of [one, two]) expect([401, 403]).toContain((await usage(t, key)).status);
    expect((await on(one).post('/api/auth/refresh').set('Cookie', cookie)).status).toBe(401);
    expect((await on(one).get('/api/account').set('Authorization', `Bearer ${accessToken}`)).status).toBe(
      401,
    );
    expect(
      (await on(two).get('/api/account/export').set('Authorization', `Bearer ${accessToken}`)).status,
    ).toBe(401);
    const signIn = await on(one).post('/api/auth/login').send({ email, password: PASSWORD });
    expect(signIn.status).toBe(401);

    const user = await userRow(userId);
    expect(user).toMatchObject({
      email: deletedAddress(userId),
      firstName: '',
      lastName: '',
      company: null,
      displayName: '',
      emailVerifiedAt: null,
    });
    expect(user.deletedAt).not.toBeNull();
    const payments = (await db().find(Payment, { user: userId })).map((payment) => wrap(payment).toPOJO());
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ capturedMinor: 16788, payerId: null });
    expect(JSON.stringify(payments)).not.toContain(String(email));
    expect(
      (await db().find(Subscription, { paypalSubscriptionId: paypalId })).map((row) => row.status),
    ).toEqual(['cancelled']);
    expect(await personalRowsOf(userId)).toEqual({
      refreshTokens: 0,
      accountSessions: 0,
      usageDays: 0,
      quotaAlerts: 0,
      emailVerifications: 0,
      passwordResets: 0,
      twoFactor: 0,
      recoveryCodes: 0,
      webhookEndpoints: 0,
      webhookDeliveries: 0,
    });

    await until(() => deletionMails(String(email)).length === 1);
    expect(deletionMails(String(email))[0].header('subject')).toBe('Your FXRates Pro account was deleted');
    expect(bodyOf(deletionMails(String(email))[0])).toContain('You can sign up again with this address');

    // The address is free again: a new account, with nothing of the old one.
    const again = await register(one.app, { email });
    expect(again.userId).not.toBe(userId);
  });

  it('erases the messages sent from the address, and the rows naming it', async () => {
    const ada = await seedAccount(one.app);
    await remove(one, ada.accessToken).expect(204);
    expect(await db().count(ContactMessage, { email: anyCaseOf(ada.email) })).toBe(0);
    expect((await db().find(ApiKey, { user: ada.userId })).map((key) => key.name)).toEqual([
      'Deleted account',
    ]);
    expect((await db().find(Payment, { user: ada.userId })).map((payment) => payment.payerId)).toEqual([
      null,
    ]);
  });

  it('refuses while PayPal is down, deleting nothing; goes through once it is back', async () => {
    const { userId, paypalId, accessToken } = await subscribedUser(one, paypal);
    paypal.down = true;
    try {
      const refused = await remove(one, accessToken).expect(502);
      expect(refused.body.code).toBe('payment-provider-unavailable');
      expect(refused.body.message).toMatch(/Nothing was changed; try again/);
      expect(refused.headers['retry-after']).toBe('60');
    } finally {
      paypal.down = false;
    }
    expect((await userRow(userId)).deletedAt).toBeNull();
    await remove(one, accessToken).expect(204);
    expect(paypal.subscription(paypalId)!.status).toBe('CANCELLED');
  });

  it('is safe twice and at once: one deletion, one confirmation', async () => {
    const ada = await seedAccount(one.app);
    const answers = await Promise.all([remove(one, ada.accessToken), remove(two, ada.accessToken)]);
    for (const answer of answers) expect([204, 400, 401]).toContain(answer.status);
    expect(answers.map((answer) => answer.status)).toContain(204);
    expect((await remove(one, ada.accessToken)).status).toBe(401);
    expect((await userRow(ada.userId)).email).toBe(deletedAddress(ada.userId));
    await until(() => deletionMails(ada.email).length >= 1);
    // Another mail sent by the worker since shows any second confirmation would have come by now.
    const later = await seedAccount(one.app);
    await remove(one, later.accessToken).expect(204);
    await until(() => deletionMails(later.email).length === 1);
    expect(deletionMails(ada.email)).toHaveLength(1);
  });
});
