import { createHash, randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { passwordResetToken, TwoFactorRepository } from '@fxrates/db';
import request from 'supertest';
import { Authenticator } from './support/authenticator';
import { PASSWORD, refreshCookieOf } from './support/auth-client';
import { givenIn } from './support/given';
import { signedInUser } from './support/signed-in';
import { expectProblem } from './security/support/problem';
import { enrolTwoFactor } from './security/support/two-factor';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

const LOGIN_FAILURE_LIMIT = 3;
const NEW_PASSWORD = 'a brand new passphrase';

interface Account {
  email: string;
  userId: string;
  accessToken: string;
  cookie: string;
}

/**
 * Two-factor authentication over HTTP: enrolment with a QR code and a first code, ten single-use recovery codes,
 * the code step of sign-in (challenges, replay, throttling), turning it off, and the fresh sign-in
 * that key creation and plan changes ask for. Codes come from the secret the API gave, as a phone's.
 * Each test asks from client addresses of its own (TRUST_PROXY, X-Forwarded-For).
 */
describe('two-factor authentication', () => {
  let t: TestApp;
  let client = 0;
  const http = () => request(t.app.getHttpServer());
  const nextClient = () => `198.51.100.${++client}`;
  const db = () => t.app.get(MikroORM).em.fork();
  const twoFactorRows = () => new TwoFactorRepository(db());
  const as = (account: Pick<Account, 'accessToken'>) => `Bearer ${account.accessToken}`;

  const login = (email: string, password = PASSWORD, from = nextClient()) =>
    http().post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });
  const completeLogin = (body: Record<string, unknown>, from = nextClient()) =>
    http().post('/api/auth/login/two-factor').set('X-Forwarded-For', from).send(body);
  const status = async (account: Account) =>
    (await http().get('/api/account/two-factor').set('Authorization', as(account)).expect(200)).body;
  const challengeOf = async (email: string, password = PASSWORD, from = nextClient()) => {
    const res = await login(email, password, from).expect(200);
    expect(res.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String), expiresIn: 300 });
    expect(res.headers['set-cookie']).toBeUndefined();
    return res.body.challenge as string;
  };

  /** Signs up and turns two-factor on through the API; answers the phone and the recovery codes. */
  async function enrolled(): Promise<Account & Awaited<ReturnType<typeof enrolTwoFactor>>> {
    const account = await signedInUser(t.app);
    return { ...account, ...(await enrolTwoFactor(t, account)) };
  }

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({ TRUST_PROXY: 'true', LOGIN_FAILURE_LIMIT: String(LOGIN_FAILURE_LIMIT) }),
    );
  });
  afterAll(() => t?.close());

  it('enrols with a QR code and a first code, shows ten recovery codes once, then every sign-in needs a code', async () => {
    const ada = await signedInUser(t.app);
    expect(await status(ada)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const started = await http().post('/api/account/two-factor').set('Authorization', as(ada)).expect(201);
    expect(started.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUri, qrCode } = started.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect([uri.protocol, uri.host, decodeURIComponent(uri.pathname)]).toEqual([
      'otpauth:',
      'totp',
      `/FXRates Pro:${ada.email.toLowerCase()}`,
    ]);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'FXRates Pro',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toMatch(
      /^<svg [^>]*viewBox="[\d ]+"[^>]*>.*<\/svg>\s*$/s,
    );
    // Stored sealed: the database alone gives no authenticator away.
    const stored = await twoFactorRows().ofUser(ada.userId);
    expect(stored).toBeDefined();
    expect(String(stored!.secret_ciphertext)).not.toContain(secret);

    // Until a code confirms it, nothing changes at sign-in.
    expect((await login(ada.email).expect(200)).body.accessToken).toEqual(expect.any(String));
    const phone = new Authenticator(secret);
    const confirm = (code: string) =>
      http()
        .post('/api/account/two-factor/confirm')
        .set('Authorization', as(ada))
        .set('X-Forwarded-For', nextClient())
        .send({ code });
    expectProblem(await confirm(phone.wrongCode()), 400, 'wrong-two-factor-code');
    expectProblem(await confirm('12345'), 400, 'validation-failed');
    const confirmed = await confirm(await phone.fresh()).expect(200);
    expect(confirmed.headers['cache-control']).toBe('no-store');
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await twoFactorRows().recoveryCodeHashesOf(ada.userId);
    expect(hashes).toHaveLength(10);
    for (const hash of hashes) expect(codes).not.toContain(hash); // only hashes are kept
    expect(await status(ada)).toEqual({
      enabled: true,
      enabledAt: expect.any(String),
      recoveryCodesLeft: 10,
    });
    expectProblem(
      await http().post('/api/account/two-factor').set('Authorization', as(ada)),
      409,
      'two-factor-already-enabled',
    );
    expectProblem(await confirm(phone.codeAt(0)), 409, 'two-factor-already-enabled');

    const challenge = await challengeOf(ada.email);
    const signedIn = await completeLogin({ challenge, code: await phone.fresh() }).expect(200);
    expect(signedIn.body).toEqual({
      user: expect.objectContaining({ email: ada.email.toLowerCase() }),
      accessToken: expect.any(String),
      expiresIn: 900,
    });
    expect(refreshCookieOf(signedIn)).toMatch(/^fxrates_refresh=/);
    await http().get('/api/auth/me').set('Authorization', as(signedIn.body)).expect(200);
    // The refresh family of a two-factor sign-in refreshes as any other.
    await http().post('/api/auth/refresh').set('Cookie', refreshCookieOf(signedIn)).expect(200);
  });

  it('TOTP replay within its window: a code accepted once is refused a second time, and so is an older one', async () => {
    const ada = await enrolled();
    const code = await ada.phone.fresh();
    await completeLogin({ challenge: await challengeOf(ada.email), code }).expect(200);

    const replayed = await completeLogin({ challenge: await challengeOf(ada.email), code });
    expectProblem(replayed, 400, 'wrong-two-factor-code');
    expect(replayed.body.message).toBe(
      'This code was used already. Wait for the next code from your authenticator app.',
    );
    // The same code for another action of the account is refused too, and so is the code of a step
    // older than the last one taken, though still within the window.
    expectProblem(
      await http().post('/api/auth/reauthenticate').set('Authorization', as(ada)).send({ code }),
      400,
      'wrong-two-factor-code',
    );
    expectProblem(
      await completeLogin({ challenge: await challengeOf(ada.email), code: ada.phone.codeAt(-1) }),
      400,
      'wrong-two-factor-code',
    );
  });

  it('takes a recovery code once, typed in any case and with or without its dash', async () => {
    const ada = await enrolled();
    const [first, second] = ada.recoveryCodes;
    await completeLogin({ challenge: await challengeOf(ada.email), recoveryCode: first }).expect(200);
    expect((await status(ada)).recoveryCodesLeft).toBe(9);
    const again = await completeLogin({ challenge: await challengeOf(ada.email), recoveryCode: first });
    expectProblem(again, 400, 'wrong-two-factor-code');
    expect(again.body.message).toBe('That recovery code is not right, or was used already.');
    const typed = ` ${second.replace('-', '').toUpperCase()} `;
    await completeLogin({ challenge: await challengeOf(ada.email), recoveryCode: typed }).expect(200);
    expect((await status(ada)).recoveryCodesLeft).toBe(8);

    // New codes replace every old one.
    const renewed = await http()
      .post('/api/account/two-factor/recovery-codes')
      .set('Authorization', as(ada))
      .send({ code: await ada.phone.fresh() })
      .expect(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect((await status(ada)).recoveryCodesLeft).toBe(10);
    expectProblem(
      await completeLogin({ challenge: await challengeOf(ada.email), recoveryCode: ada.recoveryCodes[2] }),
      400,
      'wrong-two-factor-code',
    );
  });

  it('refuses a challenge used before, expired, forged or of another account', async () => {
    const ada = await enrolled();
    const bob = await enrolled();
    const challenge = await challengeOf(ada.email);
    // Bound to its account: Bob's right code does not complete Ada's sign-in.
    expectProblem(
      await completeLogin({ challenge, code: bob.phone.codeAt(0) }),
      400,
      'wrong-two-factor-code',
    );
    await completeLogin({ challenge, code: await ada.phone.fresh() }).expect(200);
    const unused = ada.phone.codeAt(1); // a code the API would take: the challenge is what fails
    expectProblem(await completeLogin({ challenge, code: unused }), 401, 'two-factor-challenge-invalid');
    expectProblem(
      await completeLogin({ challenge: randomBytes(32).toString('base64url'), code: unused }),
      401,
      'two-factor-challenge-invalid',
    );
    expectProblem(
      await completeLogin({ challenge: 'not-a-challenge', code: unused }),
      401,
      'two-factor-challenge-invalid',
    );
    const expiring = await challengeOf(ada.email);
    const key = `${t.config.redis.keyPrefix}two-factor-challenge:${createHash('sha256').update(expiring).digest('hex')}`;
    expect(await t.redis.ttl(key)).toBeGreaterThan(290);
    await t.redis.del(key); // as Redis does once its 5 minutes are over
    expectProblem(
      await completeLogin({ challenge: expiring, code: unused }),
      401,
      'two-factor-challenge-invalid',
    );
    expectProblem(await completeLogin({ challenge: await challengeOf(ada.email) }), 400, 'validation-failed');
  });

  it('throttles wrong codes as passwords: the address that failed is refused even the right code, a right password resets nothing, another address gets in', async () => {
    const ada = await enrolled();
    const attacker = nextClient();
    const challenge = await challengeOf(ada.email, PASSWORD, attacker);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      expectProblem(
        await completeLogin({ challenge, code: ada.phone.wrongCode() }, attacker),
        400,
        'wrong-two-factor-code',
      );
    }
    const refused = await completeLogin({ challenge, code: ada.phone.codeAt(0) }, attacker);
    expectProblem(refused, 429, 'too-many-attempts');
    expect(refused.body.message).toMatch(
      /^Too many wrong authentication codes\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Knowing the password starts a new challenge, not a new count.
    const again = await challengeOf(ada.email, PASSWORD, attacker);
    expectProblem(
      await completeLogin({ challenge: again, code: ada.phone.codeAt(0) }, attacker),
      429,
      'too-many-attempts',
    );
    // Recovery codes are counted alike.
    expectProblem(
      await completeLogin({ challenge: again, recoveryCode: ada.recoveryCodes[0] }, attacker),
      429,
      'too-many-attempts',
    );
    // The owner elsewhere signs in (after the account's short backoff), with the same challenge.
    await completeLogin({ challenge, code: await ada.phone.fresh() }, nextClient()).expect(200);
  });

  it('turns off only with the password and a code, and sign-in then takes the password alone', async () => {
    const ada = await enrolled();
    const disable = (body: Record<string, unknown>) =>
      http()
        .post('/api/account/two-factor/disable')
        .set('Authorization', as(ada))
        .set('X-Forwarded-For', nextClient())
        .send(body);
    expectProblem(
      await disable({ password: 'not the password', code: ada.phone.codeAt(0) }),
      400,
      'wrong-current-password',
    );
    expectProblem(await disable({ password: PASSWORD }), 400, 'validation-failed');
    expectProblem(
      await disable({ password: PASSWORD, code: ada.phone.wrongCode() }),
      400,
      'wrong-two-factor-code',
    );
    expectProblem(await disable({ code: ada.phone.codeAt(0) }), 400, 'validation-failed');
    expect((await status(ada)).enabled).toBe(true);
    await disable({ password: PASSWORD, code: await ada.phone.fresh() }).expect(204);
    expect(await status(ada)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await twoFactorRows().recoveryCodeHashesOf(ada.userId)).toEqual([]);
    expect((await login(ada.email).expect(200)).body.accessToken).toEqual(expect.any(String));
    expectProblem(
      await disable({ password: PASSWORD, code: ada.phone.codeAt(0) }),
      409,
      'two-factor-not-enabled',
    );
  });

  it('still asks for the second factor after a password reset', async () => {
    const ada = await enrolled();
    const link = await givenIn(t.app).passwordReset({ id: ada.userId, email: ada.email.toLowerCase() });
    const token = passwordResetToken(t.config.auth.jwtSecret, link.id, ada.email);
    await http()
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
      .expect(204);
    const challenge = await challengeOf(ada.email, NEW_PASSWORD);
    await completeLogin({ challenge, code: await ada.phone.fresh() }).expect(200);
  });

  describe('fresh sign-in for key creation and plan changes', () => {
    /** Ages the sign-in of `cookie` by `hours` and answers an access token refreshed from it. */
    async function agedSignIn(
      account: Account,
      hours: number,
    ): Promise<{ accessToken: string; cookie: string }> {
      await givenIn(t.app).signInsAuthenticatedAt(
        { id: account.userId },
        new Date(Date.now() - hours * 3_600_000),
      );
      const refreshed = await http().post('/api/auth/refresh').set('Cookie', account.cookie).expect(200);
      return { accessToken: refreshed.body.accessToken, cookie: refreshCookieOf(refreshed) };
    }
    const createKey = (accessToken: string) =>
      http().post('/api/keys').set('Authorization', `Bearer ${accessToken}`).send({ name: 'ci' });
    const changePlan = (accessToken: string) =>
      http()
        .post('/api/v1/subscriptions/change')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ plan: 'professional', billingCycle: 'monthly' });
    const subscribe = (accessToken: string) =>
      http()
        .post('/api/v1/subscriptions')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ plan: 'professional', billingCycle: 'monthly', paypalSubscriptionId: 'I-NOTATPAYPAL' });
    const reauthenticate = (
      session: { accessToken: string; cookie: string },
      body: Record<string, unknown>,
    ) =>
      http()
        .post('/api/auth/reauthenticate')
        .set('Authorization', `Bearer ${session.accessToken}`)
        .set('Cookie', session.cookie)
        .set('X-Forwarded-For', nextClient())
        .send(body);

    it('asks a sign-in older than REAUTH_MAX_AGE_MINUTES to confirm it is you, then creates the key and reaches the plan change', async () => {
      const ada = await signedInUser(t.app);
      const recent = await agedSignIn(ada, 1.5);
      await createKey(recent.accessToken).expect(201);

      const old = await agedSignIn({ ...ada, cookie: recent.cookie }, 2.5);
      const refused = await createKey(old.accessToken);
      expectProblem(refused, 403, 'reauthentication-required');
      expect(refused.body.message).toBe(
        "Confirm it's you: enter your password (or a code from your authenticator app) to continue.",
      );
      expectProblem(await changePlan(old.accessToken), 403, 'reauthentication-required');
      expectProblem(await subscribe(old.accessToken), 403, 'reauthentication-required');

      expectProblem(
        await reauthenticate(old, { password: 'not the password' }),
        400,
        'wrong-current-password',
      );
      expectProblem(await reauthenticate(old, {}), 400, 'validation-failed');
      const confirmed = await reauthenticate(old, { password: PASSWORD }).expect(200);
      expect(confirmed.body).toEqual({
        user: expect.objectContaining({ uid: ada.userId }),
        accessToken: expect.any(String),
        expiresIn: 900,
      });
      await createKey(confirmed.body.accessToken).expect(201);
      // Past the guard: what answers now is billing itself (no subscription, no PayPal here).
      const change = await changePlan(confirmed.body.accessToken);
      expect([change.status, change.body.code]).not.toEqual([403, 'reauthentication-required']);
      // The refresh family carries the new proof: its next access token is fresh too.
      const refreshed = await http().post('/api/auth/refresh').set('Cookie', old.cookie).expect(200);
      await createKey(refreshed.body.accessToken).expect(201);
    });

    it('with two-factor on, confirms it is you with a code, not with the password alone', async () => {
      const ada = await enrolled();
      const signedIn = await completeLogin({
        challenge: await challengeOf(ada.email),
        recoveryCode: ada.recoveryCodes[0],
      }).expect(200);
      const old = await agedSignIn({ ...ada, cookie: refreshCookieOf(signedIn) }, 3);
      expectProblem(await createKey(old.accessToken), 403, 'reauthentication-required');
      expectProblem(await reauthenticate(old, { password: PASSWORD }), 400, 'validation-failed');
      expectProblem(await reauthenticate(old, { code: ada.phone.wrongCode() }), 400, 'wrong-two-factor-code');
      const confirmed = await reauthenticate(old, { code: await ada.phone.fresh() }).expect(200);
      await createKey(confirmed.body.accessToken).expect(201);
    });

    it('refuses an access token that says nothing of when its sign-in was proved', async () => {
      const ada = await signedInUser(t.app);
      const { JwtService } = await import('@nestjs/jwt');
      // Of a live session (sid), so that only the missing auth_time is what the route refuses.
      const { sid } = JSON.parse(Buffer.from(ada.accessToken.split('.')[1], 'base64url').toString());
      const legacy = new JwtService({ secret: t.config.auth.jwtSecret }).sign(
        { sid },
        {
          subject: ada.userId,
          algorithm: 'HS256',
          issuer: 'fxrates-pro',
          audience: 'fxrates-api',
          expiresIn: 900,
          header: { alg: 'HS256', typ: 'at+jwt' },
        },
      );
      await http().get('/api/auth/me').set('Authorization', `Bearer ${legacy}`).expect(200);
      expectProblem(await createKey(legacy), 403, 'reauthentication-required');
    });
  });
});
