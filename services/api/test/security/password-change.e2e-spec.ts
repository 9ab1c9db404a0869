import { getQueueToken } from '@nestjs/bullmq';
import { JOBS, QUEUES, type SendPasswordChangedEmailJob } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { SmtpSink } from '../../../worker/test/support/smtp-sink';
import { until } from '../../../worker/test/support/waiting';
import { startAppWithMail, type AppWithMail } from '../support/app-with-mail';
import { markEmailVerified, PASSWORD, refreshCookieOf } from '../support/auth-client';
import { signedInUser } from '../support/signed-in';
import { passwordChangedMailsTo, passwordResetTokenMailed } from '../support/password-reset-mail';
import { bodyOf } from '../support/verification-mail';
import type { TestApp } from '../test-app';
import { expectProblem } from './support/problem';

const NEW_PASSWORD = 'a brand new passphrase';
const LOGIN_FAILURE_LIMIT = 3;

/**
 * "Change password" (docs/decisions.md), attacked over HTTP: the current password is required and guarded
 * by the sign-in throttle, the change ends every other sign-in and keeps the caller's, and a reset
 * link mailed before it no longer works.
 */
describe('API2:2023 Broken Authentication: changing the password', () => {
  let mailing: AppWithMail;
  let smtp: SmtpSink;
  let t: TestApp;
  let client = 0;
  const http = () => request(t.app.getHttpServer());
  const nextClient = () => `198.51.100.${++client}`;
  const change = (
    account: { accessToken: string; cookie?: string },
    body: Record<string, unknown>,
    from = nextClient(),
  ) => {
    const call = http()
      .post('/api/auth/password')
      .set('Authorization', `Bearer ${account.accessToken}`)
      .set('X-Forwarded-For', from);
    if (account.cookie) call.set('Cookie', account.cookie);
    return call.send(body);
  };
  const login = (email: string, password: string) =>
    http().post('/api/auth/login').set('X-Forwarded-For', nextClient()).send({ email, password });
  const refresh = (cookie: string) => http().post('/api/auth/refresh').set('Cookie', cookie);
  /** The worker's finished notice jobs of a user: what each answered ({ sent }). */
  const noticesHandled = async (userId: string) => {
    const queue = t.app.get<Queue<SendPasswordChangedEmailJob>>(getQueueToken(QUEUES.email));
    const done = await queue.getJobs(['completed']);
    return done
      .filter((job) => job.name === JOBS.sendPasswordChangedEmail && job.data.userId === userId)
      .map((job) => job.returnvalue as { sent: boolean });
  };

  beforeAll(async () => {
    mailing = await startAppWithMail('https://fxrates.example.com', {
      TRUST_PROXY: 'true',
      LOGIN_FAILURE_LIMIT: String(LOGIN_FAILURE_LIMIT),
    });
    ({ t, smtp } = mailing);
  });
  afterAll(() => mailing?.close());

  it('changes it with the current one, ends every other sign-in, keeps this one, and kills earlier reset links', async () => {
    const ada = await signedInUser(t.app);
    const elsewhere = refreshCookieOf(await login(ada.email, PASSWORD).expect(200));
    await http()
      .post('/api/auth/password-reset')
      .set('X-Forwarded-For', nextClient())
      .send({ email: ada.email })
      .expect(204);
    const resetToken = await passwordResetTokenMailed(smtp, ada.email);

    await change(ada, {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    }).expect(204);

    expectProblem(await refresh(elsewhere), 401, 'invalid-refresh-token');
    await refresh(ada.cookie).expect(200); // the caller's own sign-in goes on
    expectProblem(await login(ada.email, PASSWORD), 401, 'wrong-password');
    await login(ada.email, NEW_PASSWORD).expect(200);
    const reset = await http()
      .post('/api/auth/password-reset/confirm')
      .send({ token: resetToken, password: 'the thief wants this', confirmPassword: 'the thief wants this' });
    expectProblem(reset, 410, 'reset-link-used');
    await login(ada.email, NEW_PASSWORD).expect(200);
    // The address is told, with the way back for an owner who did not make the change.
    await until(() => passwordChangedMailsTo(smtp, ada.email).length === 1);
    const [notice] = passwordChangedMailsTo(smtp, ada.email);
    expect(notice.header('Subject')).toBe('Your FXRates Pro password was changed');
    expect(bodyOf(notice)).toContain('https://fxrates.example.com/forgot-password');
    expect(notice.raw).not.toContain(NEW_PASSWORD);
  });

  it('sends no notice to an address nobody proved, and sends it once the address is verified', async () => {
    const dan = await signedInUser(t.app, { verified: false });
    const body = { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    await change(dan, body).expect(204);
    // The worker took the notice's job and finished it without mailing: not a mail still on its way.
    await until(async () => (await noticesHandled(dan.userId)).length === 1, 20_000);
    expect(await noticesHandled(dan.userId)).toEqual([{ sent: false }]);
    expect(passwordChangedMailsTo(smtp, dan.email)).toEqual([]);

    await markEmailVerified(t.app, dan.userId);
    await change(dan, {
      ...body,
      currentPassword: NEW_PASSWORD,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }).expect(204);
    await until(() => passwordChangedMailsTo(smtp, dan.email).length === 1, 20_000);
    expect((await noticesHandled(dan.userId)).map(({ sent }) => sent).sort()).toEqual([false, true]);
  });

  it('refuses a wrong current password and changes nothing; past the sign-in limit, refuses even the right one from that address', async () => {
    const bob = await signedInUser(t.app);
    const from = nextClient();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const wrong = await change(
        bob,
        { currentPassword: 'not it at all', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        from,
      );
      expectProblem(wrong, 400, 'wrong-current-password');
      expect(wrong.body.message).toBe('Your current password is not correct.');
    }
    const throttled = await change(
      bob,
      { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      from,
    );
    expectProblem(throttled, 429, 'too-many-attempts');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    await login(bob.email, PASSWORD).expect(200);
    await refresh(bob.cookie).expect(200);
    expect(passwordChangedMailsTo(smtp, bob.email)).toEqual([]);
  });

  it('refuses without a sign-in, and a new password that is weak, too long or mistyped', async () => {
    const cat = await signedInUser(t.app);
    const body = { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expectProblem(await http().post('/api/auth/password').send(body), 401, 'unauthorized');
    expectProblem(
      await change(cat, { ...body, password: 'short', confirmPassword: 'short' }),
      400,
      'weak-password',
    );
    const long = 'x'.repeat(129);
    expectProblem(
      await change(cat, { ...body, password: long, confirmPassword: long }),
      400,
      'password-too-long',
    );
    expectProblem(
      await change(cat, { ...body, confirmPassword: 'something else' }),
      400,
      'passwords-do-not-match',
    );
    expectProblem(
      await change(cat, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      400,
      'validation-failed',
    );
    await login(cat.email, PASSWORD).expect(200);
  });
});
