import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startSmtpSink, type SmtpSink } from '../../worker/test/support/smtp-sink';
import { until } from '../../worker/test/support/waiting';
import { killAll, startWorkerProcess, type WorkerProcess } from '../../worker/test/support/worker-processes';
import { newEmail, PASSWORD } from './support/auth-client';
import { emailChangeTokenMailed } from './support/email-change-mail';
import { passwordResetTokenMailed } from './support/password-reset-mail';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** A line the worker wrote (LOG_FORMAT=json), with the fields of the job it was written in. */
interface LogLine {
  msg?: string;
  queue?: string;
  job?: string;
  jobId?: string;
  requestId?: string;
}

const NEW_PASSWORD = 'another horse battery staple';

/**
 * Every job the API enqueues for a request carries the request's X-Request-Id, and the
 * built worker writes it on the job's log lines. The contact form's and the sign-up's mails are
 * proved in contact.e2e-spec.ts and the worker's tracing test; these are the other mails. The PayPal
 * jobs, which write no line when nothing changes, are checked in their job data by the
 * paypal-webhooks, subscription-cancel and plan-changes e2e tests.
 */
describe('the request id in the jobs a request enqueues, and in their log lines', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let worker: WorkerProcess;

  const http = () => request(t.app.getHttpServer());
  const lines = (): LogLine[] =>
    worker.output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const mail = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, EMAIL_RETRY_DELAY_MS: '200' };
    const config = testConfig(mail);
    t = await startTestApp(config);
    // The links it mails are signed with the API's secret (each test process makes its own).
    worker = await startWorkerProcess(config, {
      ...mail,
      LOG_FORMAT: 'json',
      JWT_SECRET: config.auth.jwtSecret,
    });
  });
  afterAll(async () => {
    await killAll([worker]);
    await t.close();
    await smtp.close();
  });

  /** A new user, signed in: verified unless told otherwise. */
  const signedIn = (verified = true) => signedInUser(t.app, { verified });
  const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

  it.each<[string, string, RegExp, (requestId: string) => Promise<unknown>]>([
    [
      'a verification link asked for again',
      'send-verification-email',
      /^Verification link .* emailed/,
      async (requestId) => {
        const { accessToken } = await signedIn(false);
        await http()
          .post('/api/auth/verify-email/resend')
          .set(bearer(accessToken))
          .set('X-Request-Id', requestId)
          .expect(204);
      },
    ],
    [
      "an email change's link",
      'send-email-change-link',
      /^Email change .*: link emailed$/,
      async (requestId) => {
        const { accessToken } = await signedIn();
        await http()
          .post('/api/account/email')
          .set(bearer(accessToken))
          .set('X-Request-Id', requestId)
          .send({ newEmail: newEmail(), currentPassword: PASSWORD })
          .expect(202);
      },
    ],
    [
      "an email change's notice to the address it replaced",
      'send-email-changed-notice',
      /^Email change .*: notice emailed to the previous address$/,
      async (requestId) => {
        const { accessToken } = await signedIn();
        const moved = newEmail();
        await http()
          .post('/api/account/email')
          .set(bearer(accessToken))
          .send({ newEmail: moved, currentPassword: PASSWORD })
          .expect(202);
        const token = await emailChangeTokenMailed(smtp, moved);
        await http()
          .post('/api/account/email/confirm')
          .set(bearer(accessToken))
          .set('X-Request-Id', requestId)
          .send({ token })
          .expect(200);
      },
    ],
    [
      'a password change on the account page',
      'send-password-changed-email',
      /^Password-change notice emailed/,
      async (requestId) => {
        const { accessToken } = await signedIn();
        await http()
          .post('/api/auth/password')
          .set(bearer(accessToken))
          .set('X-Request-Id', requestId)
          .send({ currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
          .expect(204);
      },
    ],
    [
      'a password-reset link asked for',
      'send-password-reset-email',
      /^Password-reset link .* emailed/,
      async (requestId) => {
        const { email } = await signedIn();
        await http()
          .post('/api/auth/password-reset')
          .set('X-Request-Id', requestId)
          .send({ email })
          .expect(204);
      },
    ],
    [
      'a password reset',
      'send-password-changed-email',
      /^Password-change notice emailed/,
      async (requestId) => {
        const { email } = await signedIn();
        await http().post('/api/auth/password-reset').send({ email }).expect(204);
        const token = await passwordResetTokenMailed(smtp, email);
        await http()
          .post('/api/auth/password-reset/confirm')
          .set('X-Request-Id', requestId)
          .send({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
          .expect(204);
      },
    ],
    [
      'an account deletion',
      'send-account-deleted-email',
      /^Account deletion confirmed by email$/,
      async (requestId) => {
        const { accessToken } = await signedIn();
        await http()
          .delete('/api/account')
          .set(bearer(accessToken))
          .set('X-Request-Id', requestId)
          .send({ password: PASSWORD })
          .expect(204);
      },
    ],
  ])('%s: the %s job carries it onto its lines', async (_what, job, message, act) => {
    const requestId = `jobs-${randomUUID()}`;
    await act(requestId);
    const sent = () =>
      lines().find(
        (line) => line.requestId === requestId && line.job === job && message.test(line.msg ?? ''),
      );
    await until(() => sent() !== undefined, 30_000).catch(() => {
      throw new Error(
        `no "${message.source}" line of a ${job} job with requestId ${requestId}; the worker wrote (its end):\n${worker.output.join('').slice(-4000)}`,
      );
    });
    // Every line of that job, not only the one looked for.
    const ofJob = lines().filter((line) => line.jobId === sent()!.jobId && line.job === job);
    expect(ofJob.length).toBeGreaterThan(0);
    for (const line of ofJob) expect(line).toMatchObject({ queue: 'email', job, requestId });
  });
});
