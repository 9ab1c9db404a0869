import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { EmailChange, emailVerificationToken, passwordResetToken, User } from '@fxrates/db';
import type { SmtpSink } from '../../../worker/test/support/smtp-sink';
import { until } from '../../../worker/test/support/waiting';
import { startAppWithMail, type AppWithMail } from '../support/app-with-mail';
import { newEmail, PASSWORD, refreshCookieOf } from '../support/auth-client';
import {
  emailChangedNoticesTo,
  emailChangeMailsTo,
  emailChangeTokenMailed,
} from '../support/email-change-mail';
import { givenIn } from '../support/given';
import { signedInUser } from '../support/signed-in';
import { bodyOf } from '../support/verification-mail';
import type { TestApp } from '../test-app';
import { forgedLinkTokens } from './support/forged-tokens';
import { expectProblem } from './support/problem';

const WEB_URL = 'https://fxrates.example.com';
const PER_USER = 2;
const LOGIN_FAILURE_LIMIT = 3;
const HOUR_MS = 3_600_000;

type SignedIn = { email: string; accessToken: string; userId: string; cookie: string };

/**
 * "Change email" (docs/decisions.md), attacked over HTTP: the new address is used only once the link mailed
 * to it is opened by the account it was made for, the old one is told, links are signed, single use
 * and expire, the current password is guarded by the sign-in throttle, and the answer to a request
 * does not tell whether the address has an account. Mail from a real worker to an SMTP stand-in.
 */
describe('API2:2023 Broken Authentication: changing the email address', () => {
  let mailing: AppWithMail;
  let smtp: SmtpSink;
  let t: TestApp;
  let client = 0;
  const http = () => request(t.app.getHttpServer());
  const nextClient = () => `192.0.2.${++client}`;
  const ask = (account: SignedIn, body: Record<string, unknown>, from = nextClient()) =>
    http()
      .post('/api/account/email')
      .set('Authorization', `Bearer ${account.accessToken}`)
      .set('X-Forwarded-For', from)
      .send(body);
  const askFor = (account: SignedIn, newAddress: string) =>
    ask(account, { newEmail: newAddress, currentPassword: PASSWORD });
  const confirm = (account: SignedIn, token: string) =>
    http()
      .post('/api/account/email/confirm')
      .set('Authorization', `Bearer ${account.accessToken}`)
      .send({ token });
  const login = (email: string, password = PASSWORD) =>
    http().post('/api/auth/login').set('X-Forwarded-For', nextClient()).send({ email, password });
  const db = () => t.app.get(MikroORM).em.fork();
  const emailOf = async (userId: string) => (await db().findOne(User, { id: userId }))?.email;

  beforeAll(async () => {
    mailing = await startAppWithMail(WEB_URL, {
      TRUST_PROXY: 'true',
      EMAIL_CHANGE_PER_HOUR: String(PER_USER),
      LOGIN_FAILURE_LIMIT: String(LOGIN_FAILURE_LIMIT),
    });
    ({ t, smtp } = mailing);
  });
  afterAll(() => mailing?.close());

  it('moves the account once the link mailed to the new address is opened: the old address no longer signs in, the new one does, every sign-in ends and the old address is told', async () => {
    const ada = await signedInUser(t.app, { firstName: 'Ada\r\nClick https://evil.example', lastName: 'L' });
    const elsewhere = refreshCookieOf(await login(ada.email).expect(200));
    const typed = `  ${newEmail()} `; // as a person types it: normalised as at sign-up
    const target = typed.trim().toLowerCase();

    const asked = await askFor(ada, typed).expect(202);
    expect(asked.body).toEqual({
      email: ada.email.toLowerCase(),
      pendingEmail: target,
      pendingExpiresAt: expect.any(String),
    });
    const status = await http().get('/api/account/email').set('Authorization', `Bearer ${ada.accessToken}`);
    expect(status.body).toEqual(asked.body);
    await login(ada.email).expect(200); // nothing changes before the link is opened

    const token = await emailChangeTokenMailed(smtp, target);
    const [mail] = emailChangeMailsTo(smtp, target);
    expect(mail.header('Subject')).toBe('Confirm your new email address for FXRates Pro');
    expect(bodyOf(mail)).toContain(`${WEB_URL}/confirm-email#token=${token}`);
    expect(bodyOf(mail)).toContain('works once and for 60 minutes');
    // Nothing of the account: not its name, not the address it has now.
    expect(mail.raw).not.toMatch(/Ada|evil/);
    expect(mail.raw.toLowerCase()).not.toContain(ada.email.toLowerCase());

    const confirmed = await confirm(ada, token).expect(200);
    expect(confirmed.body).toEqual({ email: target, pendingEmail: null, pendingExpiresAt: null });

    expectProblem(await login(ada.email), 401, 'user-not-found');
    const signedIn = await login(target).expect(200);
    expect(signedIn.body.user).toMatchObject({ email: target, emailVerified: true });
    for (const cookie of [ada.cookie, elsewhere]) {
      expectProblem(
        await http().post('/api/auth/refresh').set('Cookie', cookie),
        401,
        'invalid-refresh-token',
      );
    }
    // The sign-in that confirmed ended too, its access token at once; the link stays used.
    expectProblem(await confirm(ada, token), 401, 'unauthorized');
    expectProblem(
      await confirm({ ...ada, accessToken: signedIn.body.accessToken }, token),
      410,
      'email-change-link-used',
    );

    await until(() => emailChangedNoticesTo(smtp, ada.email).length >= 1, 20_000);
    const [notice] = emailChangedNoticesTo(smtp, ada.email);
    expect(notice.header('Subject')).toBe('Your FXRates Pro email address was changed');
    const text = bodyOf(notice);
    // The new address masked and defanged: plain text that no client turns into a link.
    expect(text).toContain('moved to u***[at]example[.]test on ');
    expect(text).toMatch(/on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).toContain(`${WEB_URL}/contact`);
    expect(notice.raw.toLowerCase()).not.toContain(target);
    expect(notice.raw).not.toMatch(/Ada|evil/);
    // Mail about the account now goes to the new address: a reset link, for one.
    await http()
      .post('/api/auth/password-reset')
      .set('X-Forwarded-For', nextClient())
      .send({ email: target })
      .expect(204);
    await until(() => smtp.mails.some((m) => m.to.includes(target) && m.header('X-FXRates-Password-Reset')));
  });

  it('uses a link once, even when it is sent twice at once', async () => {
    const bob = await signedInUser(t.app);
    const target = newEmail().toLowerCase();
    await askFor(bob, target).expect(202);
    const token = await emailChangeTokenMailed(smtp, target);
    const answers = await Promise.all([confirm(bob, token), confirm(bob, token)]);
    // One of the two changes the address. The other finds the link used (410), or, when it is
    // authenticated only after that change has ended the sign-in both came from, no sign-in (401).
    const [won, lost] = [...answers].sort((a, b) => a.status - b.status);
    expect(won.status).toBe(200);
    if (lost.status === 401) expectProblem(lost, 401, 'unauthorized');
    else expectProblem(lost, 410, 'email-change-link-used');
    expect(await emailOf(bob.userId)).toBe(target);
    await until(() => emailChangedNoticesTo(smtp, bob.email).length >= 1, 20_000);
  });

  it("refuses forged links, other kinds of link, another account's link and an expired link, and changes nothing", async () => {
    const cat = await signedInUser(t.app, { verified: false });
    const verification = await givenIn(t.app).emailVerification(cat); // the link sign-up mailed Cat
    const mallory = await signedInUser(t.app);
    const target = newEmail().toLowerCase();
    await askFor(cat, target).expect(202);
    const token = await emailChangeTokenMailed(smtp, target);
    const secret = t.config.auth.jwtSecret;
    const otherKinds = [
      emailVerificationToken(secret, verification.id, verification.email),
      passwordResetToken(secret, verification.id, verification.email),
    ];
    for (const forged of [...forgedLinkTokens(token), ...otherKinds]) {
      expectProblem(await confirm(cat, forged), 400, 'email-change-link-invalid');
    }
    // The token binds the account: Mallory, signed in as herself, cannot move Cat's account or her own.
    expectProblem(await confirm(mallory, token), 400, 'email-change-link-invalid');
    expect(await emailOf(mallory.userId)).toBe(mallory.email.toLowerCase());
    expectProblem(await http().post('/api/account/email/confirm').send({ token }), 401, 'unauthorized');
    expect(await emailOf(cat.userId)).toBe(cat.email.toLowerCase());

    await db().nativeUpdate(
      EmailChange,
      { userId: cat.userId },
      { createdAt: new Date(Date.now() - 2 * HOUR_MS), expiresAt: new Date(Date.now() - HOUR_MS) },
    );
    const expired = await confirm(cat, token);
    expectProblem(expired, 410, 'email-change-link-expired');
    expect(expired.body.message).toMatch(/account page/);
    expect(await emailOf(cat.userId)).toBe(cat.email.toLowerCase());
    const status = await http().get('/api/account/email').set('Authorization', `Bearer ${cat.accessToken}`);
    expect(status.body.pendingEmail).toBeNull();
  });

  it('refuses a wrong current password and mails nothing; past the sign-in limit, refuses even the right one from that address', async () => {
    const dan = await signedInUser(t.app);
    const target = newEmail().toLowerCase();
    const from = nextClient();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const wrong = await ask(dan, { newEmail: target, currentPassword: 'not it at all' }, from);
      expectProblem(wrong, 400, 'wrong-current-password');
    }
    const throttled = await ask(dan, { newEmail: target, currentPassword: PASSWORD }, from);
    expectProblem(throttled, 429, 'too-many-attempts');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(await db().find(EmailChange, { userId: dan.userId })).toEqual([]);
    expect(emailChangeMailsTo(smtp, target)).toEqual([]);
  });

  it('answers an address with an account as any other, and mails it why no link comes instead of a link', async () => {
    const eve = await signedInUser(t.app);
    const owner = await signedInUser(t.app);
    const free = newEmail().toLowerCase();
    const taken = await askFor(eve, owner.email).expect(202);
    expect(taken.body.pendingEmail).toBe(owner.email.toLowerCase());
    // Mailed before the next request: a newer request supersedes it, and a superseded one is not mailed.
    await until(() => emailChangeMailsTo(smtp, owner.email).length >= 1, 20_000);
    const untaken = await askFor(eve, free).expect(202);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(untaken.body).sort());

    const [mail] = emailChangeMailsTo(smtp, owner.email);
    expect(mail.header('Subject')).toBe('This email address already has an account at FXRates Pro');
    expect(bodyOf(mail)).not.toContain('/confirm-email');
    expect(bodyOf(mail)).toContain(`${WEB_URL}/forgot-password`);
    expect(await emailOf(eve.userId)).toBe(eve.email.toLowerCase());
    expect(await emailOf(owner.userId)).toBe(owner.email.toLowerCase());
  });

  it('answers 409 when the address got an account between the request and the link, and changes nothing', async () => {
    const fay = await signedInUser(t.app);
    const target = newEmail().toLowerCase();
    await askFor(fay, target).expect(202);
    const token = await emailChangeTokenMailed(smtp, target);
    await givenIn(t.app).user({ email: target }); // someone signs up with it meanwhile

    const refused = await confirm(fay, token);
    expectProblem(refused, 409, 'email-already-in-use');
    expect(refused.body.message).toMatch(/Another account has this email address now/);
    expect(await emailOf(fay.userId)).toBe(fay.email.toLowerCase());
    await login(fay.email).expect(200);
    await http().post('/api/auth/refresh').set('Cookie', fay.cookie).expect(200);
    expect(emailChangedNoticesTo(smtp, fay.email)).toEqual([]);
  });

  it('throttles requests per user, and a newer request ends the link of an older one', async () => {
    const gus = await signedInUser(t.app);
    const first = newEmail().toLowerCase();
    const second = newEmail().toLowerCase();
    await askFor(gus, first).expect(202);
    const firstToken = await emailChangeTokenMailed(smtp, first);
    await askFor(gus, second).expect(202);
    const refused = await askFor(gus, newEmail());
    expectProblem(refused, 429, 'too-many-attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expectProblem(await confirm(gus, firstToken), 410, 'email-change-link-used');
    const secondToken = await emailChangeTokenMailed(smtp, second);
    await confirm(gus, secondToken).expect(200);
    expect(await emailOf(gus.userId)).toBe(second);
  });

  it('refuses without a sign-in, the address the account has, and what is not an address', async () => {
    const hal = await signedInUser(t.app);
    const body = { newEmail: newEmail(), currentPassword: PASSWORD };
    expectProblem(await http().post('/api/account/email').send(body), 401, 'unauthorized');
    expectProblem(await http().get('/api/account/email'), 401, 'unauthorized');
    expectProblem(await askFor(hal, hal.email.toUpperCase()), 400, 'email-unchanged');
    expectProblem(await askFor(hal, 'not an email'), 400, 'invalid-email');
    expectProblem(await ask(hal, { newEmail: newEmail() }), 400, 'validation-failed');
    expect(await db().find(EmailChange, { userId: hal.userId })).toEqual([]);
  });
});
