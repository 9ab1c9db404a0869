import { MikroORM } from '@mikro-orm/postgresql';
import { emailVerificationToken, PasswordReset, UsersRepository } from '@fxrates/db';
import { lockTable } from '@fxrates/testing';
import request from 'supertest';
import type { SmtpSink } from '../../../worker/test/support/smtp-sink';
import { until } from '../../../worker/test/support/waiting';
import { startAppWithMail, type AppWithMail } from '../support/app-with-mail';
import { newEmail, PASSWORD, refreshCookieOf } from '../support/auth-client';
import { givenIn } from '../support/given';
import {
  passwordChangedMailsTo,
  passwordResetMailsTo,
  passwordResetTokenMailed,
} from '../support/password-reset-mail';
import { signedInUser } from '../support/signed-in';
import { bodyOf } from '../support/verification-mail';
import type { TestApp } from '../test-app';
import { forgedLinkTokens } from './support/forged-tokens';
import { expectProblem } from './support/problem';

const NEW_PASSWORD = 'a brand new passphrase';
const PER_ADDRESS = 2;
const PER_CLIENT = 4;
const HOUR_MS = 3_600_000;

/**
 * "Forgot password?" (docs/decisions.md), attacked over HTTP: the answer says nothing of the account (its
 * text, its status, its time: the API never looks the address up), links are signed, single use and
 * expire, a reset ends every sign-in, and both throttles hold. Mail from a real worker to an SMTP
 * stand-in. Each test asks from a client address of its own (TRUST_PROXY, X-Forwarded-For).
 */
describe('API2:2023 Broken Authentication: password reset', () => {
  const WEB_URL = 'https://fxrates.example.com';
  let mailing: AppWithMail;
  let smtp: SmtpSink;
  let t: TestApp;
  let client = 0;
  const http = () => request(t.app.getHttpServer());
  const nextClient = () => `203.0.113.${++client}`;
  const db = () => t.app.get(MikroORM).em.fork();
  /** Reset links mailed to the address, matched as the citext column matches: in any letter case. */
  const resetsTo = (email: string) => db().count(PasswordReset, { email });
  const ask = (email: string, from: string) =>
    http().post('/api/auth/password-reset').set('X-Forwarded-For', from).send({ email });
  const confirm = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
    http().post('/api/auth/password-reset/confirm').send({ token, password, confirmPassword });
  const login = (email: string, password: string) =>
    http().post('/api/auth/login').set('X-Forwarded-For', nextClient()).send({ email, password });

  beforeAll(async () => {
    mailing = await startAppWithMail(WEB_URL, {
      TRUST_PROXY: 'true',
      PASSWORD_RESET_PER_HOUR: String(PER_ADDRESS),
      PASSWORD_RESET_IP_PER_HOUR: String(PER_CLIENT),
    });
    ({ t, smtp } = mailing);
  });
  afterAll(() => mailing?.close());

  it('answers an address with an account and one without alike, and mails the link only to the account, with nothing of it', async () => {
    const ada = await givenIn(t.app).user({ firstName: 'Ada\r\nClick https://evil.example', lastName: 'L' });
    const nobody = newEmail();
    const from = nextClient();
    const known = await ask(ada.email, from).expect(204);
    const unknown = await ask(nobody, from).expect(204);
    expect(unknown.text).toBe(known.text);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    const token = await passwordResetTokenMailed(smtp, ada.email);
    const [mail] = passwordResetMailsTo(smtp, ada.email);
    expect(mail.header('Subject')).toBe('Reset your FXRates Pro password');
    expect(mail.raw).not.toMatch(/Ada|evil/);
    expect(bodyOf(mail)).toContain(`${WEB_URL}/reset-password#token=${token}`);
    expect(bodyOf(mail)).toContain('works once and for 60 minutes');
    // The worker has handled the unknown address too (its job is gone) and mailed nobody.
    await until(async () => (await resetsTo(ada.email)) > 0);
    expect(smtp.mails.filter((m) => m.to.includes(nobody))).toEqual([]);
    expect(await resetsTo(nobody)).toBe(0);
  });

  it('answers without looking the address up: with the users table locked, both addresses still get their 204 at once', async () => {
    const bob = await givenIn(t.app).user();
    // Held on a connection of its own: one taken from the API's pool would leave the API one short.
    const lock = await lockTable(t.config.database.url, 'users', 'access exclusive');
    try {
      const from = nextClient();
      // Had either answer read the users table, it would wait here until the lock is released.
      let timer: NodeJS.Timeout | undefined;
      const answers = await Promise.race([
        Promise.all([ask(bob.email, from), ask(newEmail(), from)]),
        new Promise<'blocked'>((resolve) => (timer = setTimeout(() => resolve('blocked'), 10_000))),
      ]);
      clearTimeout(timer);
      expect(answers).not.toBe('blocked');
      expect((answers as request.Response[]).map((res) => res.status)).toEqual([204, 204]);
    } finally {
      await lock.release();
    }
    await passwordResetTokenMailed(smtp, bob.email);
  });

  it('sets the new password, ends every sign-in and every other link of the account, and verifies the address', async () => {
    const cat = await signedInUser(t.app, { verified: false });
    const from = nextClient();
    await ask(cat.email, from).expect(204);
    const first = await passwordResetTokenMailed(smtp, cat.email);
    await ask(cat.email, from).expect(204);
    const second = await passwordResetTokenMailed(smtp, cat.email, 2);
    expect(second).not.toBe(first);
    const otherSignIn = refreshCookieOf(await login(cat.email, PASSWORD).expect(200));

    await confirm(second).expect(204);

    expectProblem(await login(cat.email, PASSWORD), 401, 'wrong-password');
    await login(cat.email, NEW_PASSWORD).expect(200);
    for (const cookie of [cat.cookie, otherSignIn]) {
      const refreshed = await http().post('/api/auth/refresh').set('Cookie', cookie);
      expect(refreshed.status).toBe(401);
    }
    expectProblem(await confirm(second, 'yet another passphrase'), 410, 'reset-link-used');
    expectProblem(await confirm(first, 'yet another passphrase'), 410, 'reset-link-used');
    await login(cat.email, NEW_PASSWORD).expect(200);
    await until(() => passwordChangedMailsTo(smtp, cat.email).length === 1);
    expect(await new UsersRepository(db()).isEmailVerified(cat.userId)).toBe(true);
  });

  it('uses a link once, even when it is sent twice at once', async () => {
    const dan = await givenIn(t.app).user();
    await ask(dan.email, nextClient()).expect(204);
    const token = await passwordResetTokenMailed(smtp, dan.email);
    const answers = await Promise.all([
      confirm(token, 'first of two passwords'),
      confirm(token, 'second of two passwords'),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([204, 410]);
    const won = answers[0].status === 204 ? 'first of two passwords' : 'second of two passwords';
    await login(dan.email, won).expect(200);
  });

  it('refuses forged links, a verification link, an expired link and a bad new password, and changes nothing', async () => {
    const eve = await givenIn(t.app).user({ verified: false });
    const link = await givenIn(t.app).emailVerification(eve); // the one sign-up mailed
    const verification = emailVerificationToken(t.config.auth.jwtSecret, link.id, link.email);
    await ask(eve.email, nextClient()).expect(204);
    const token = await passwordResetTokenMailed(smtp, eve.email);
    for (const forged of [
      ...forgedLinkTokens(token),
      verification, // signed with the verification key: never a reset link
    ]) {
      expectProblem(await confirm(forged), 400, 'reset-link-invalid');
    }
    expectProblem(await confirm(token, 'short'), 400, 'weak-password');
    expectProblem(await confirm(token, NEW_PASSWORD, 'something else'), 400, 'passwords-do-not-match');
    expectProblem(await confirm(token, 'x'.repeat(129)), 400, 'password-too-long');
    await login(eve.email, PASSWORD).expect(200); // nothing above changed the password

    await db().nativeUpdate(
      PasswordReset,
      { userId: eve.id },
      { createdAt: new Date(Date.now() - 2 * HOUR_MS), expiresAt: new Date(Date.now() - HOUR_MS) },
    );
    const expired = await confirm(token);
    expectProblem(expired, 410, 'reset-link-expired');
    expect(expired.body.message).toMatch(/Forgot password/);
    await login(eve.email, PASSWORD).expect(200);
  });

  it('throttles per address whether or not it has an account, and per client address whatever the email', async () => {
    const fay = await givenIn(t.app).user();
    const nobody = newEmail();
    for (const email of [fay.email, nobody]) {
      for (let i = 0; i < PER_ADDRESS; i++) await ask(email, nextClient()).expect(204);
      const refused = await ask(email, nextClient());
      expectProblem(refused, 429, 'too-many-attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const from = nextClient();
    for (let i = 0; i < PER_CLIENT; i++) await ask(newEmail(), from).expect(204);
    expectProblem(await ask(newEmail(), from), 429, 'too-many-attempts');
    await until(() => passwordResetMailsTo(smtp, fay.email).length === PER_ADDRESS);
  });

  it('counts one IPv6 /64 as one client, whichever of its addresses asks', async () => {
    for (let i = 1; i <= PER_CLIENT; i++) await ask(newEmail(), `2001:db8:7:1::${i}`).expect(204);
    expectProblem(await ask(newEmail(), '2001:db8:7:1:ffff::1'), 429, 'too-many-attempts');
    await ask(newEmail(), '2001:db8:7:2::1').expect(204);
  });

  it('refuses what is not an address, saying so', async () => {
    const from = nextClient();
    expectProblem(await ask('not an email', from), 400, 'invalid-email');
    expectProblem(await http().post('/api/auth/password-reset').send({}), 400, 'invalid-email');
  });
});
