import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { until } from '../../worker/test/support/waiting';
import { newEmail, PASSWORD } from './support/auth-client';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const WEB_URL = 'https://fxrates.example.com';

/**
 * Secrets given, as production requires them, and so that development does not create its secrets
 * file in the checkout; production also wants the contact form's reCAPTCHA decided.
 */
const SECRETS = {
  JWT_SECRET: randomBytes(32).toString('base64url'),
  API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
};

/**
 * docs/decisions.md, "Sign-up verifies the address": a local sign-up needs no mail server, because in development the API
 * also writes the verification link to its log. Anywhere else the link is a secret that only the
 * mailbox may see: a log line would hand it to whoever reads the logs.
 */
describe.each([
  ['development', true],
  ['production', false],
  ['test', false],
] as const)('the verification link of a sign-up with NODE_ENV=%s', (nodeEnv, logged) => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp(
      testConfig({
        NODE_ENV: nodeEnv,
        LOG_LEVEL: 'info',
        // The lines are read as JSON here (development's own default is readable lines).
        LOG_FORMAT: 'json',
        WEB_URL,
        ...SECRETS,
        ...(nodeEnv === 'production' ? { CONTACT_RECAPTCHA: 'off' } : {}),
      }),
      { logDestination: sink },
    );
  });
  afterAll(() => t.close());

  it(logged ? 'is written to the log, and verifies the address' : 'is never written to the log', async () => {
    const res = await request(t.app.getHttpServer())
      .post('/api/auth/register')
      .send({ firstName: 'Ada', lastName: 'Lovelace', email: newEmail(), password: PASSWORD })
      .expect(201);
    const userId = res.body.user.uid as string;
    // The link is logged before the sign-up is answered, so before the line of its request: once that
    // line is in, this log holds whatever the sign-up wrote.
    await until(() => logLines.some((line) => line.includes('"url":"/api/auth/register","status":201')));
    const log = logLines.join('');
    const link = new RegExp(`${WEB_URL}/dashboard/verify-email#token=([A-Za-z0-9._-]+)`).exec(log);
    if (!logged) {
      expect(link).toBeNull();
      expect(log).not.toContain('verify-email#token=');
      return;
    }
    expect(log).toContain(`Verification link for user ${userId} (development only)`);
    await request(t.app.getHttpServer())
      .post('/api/auth/verify-email')
      .set('Authorization', `Bearer ${res.body.accessToken}`)
      .send({ token: link?.[1] })
      .expect(200);
  });
});
