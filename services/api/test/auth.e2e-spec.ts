import { MikroORM } from '@mikro-orm/postgresql';
import { Subscription, User } from '@fxrates/db';
import { randomBytes } from 'node:crypto';
import { sign } from 'jsonwebtoken';
import request from 'supertest';
import type { GivenUser } from '@fxrates/testing';
import { newEmail, PASSWORD, refreshCookieOf, register } from './support/auth-client';
import { givenIn } from './support/given';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** Each test signs in from its own address, so per-IP throttling never leaks between tests. */
function newIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

describe('accounts: register, login, refresh, logout, me', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const login = (body: object, ip = newIp()) =>
    http().post('/api/auth/login').set('X-Forwarded-For', ip).send(body);
  const db = () => t.app.get(MikroORM).em.fork();
  /** Accounts with the address, matched as the unique (citext) column matches: in any letter case. */
  const accountsWith = (email: string) => db().count(User, { email });
  /** The user as the auth routes answer with it (sign-up's, sign-in's, refresh's and /me's `user`). */
  const userOf = (user: GivenUser) => ({
    uid: user.id,
    email: user.email,
    displayName: 'Ada Lovelace',
    emailVerified: true,
  });

  beforeAll(async () => {
    t = await startTestApp(testConfig({ TRUST_PROXY: 'true' }));
  });
  afterAll(() => t.close());

  describe('POST /api/auth/register', () => {
    it('creates the user and the default subscription, signs in, and sets the refresh cookie', async () => {
      const { res, email } = await register(t.app, { company: '  Engines Ltd ', plan: 'basic' });
      expect(res.body).toEqual({
        user: {
          uid: expect.any(String),
          email: email.toLowerCase(),
          displayName: 'Ada Lovelace',
          emailVerified: false,
        },
        accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        expiresIn: 900,
      });
      expect(res.headers['cache-control']).toBe('no-store');
      const cookie = ([] as string[])
        .concat(res.headers['set-cookie'])
        .find((c) => c.startsWith('fxrates_refresh='))!;
      expect(cookie).toMatch(/; Path=\/api\/auth/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).not.toMatch(/; Secure/); // plain http on 127.0.0.1
      // Beside it, the session hint the web app reads to skip the start-up refresh of a visitor: no secret, site-wide.
      const hint = ([] as string[])
        .concat(res.headers['set-cookie'])
        .find((c) => c.startsWith('fxrates_signed_in='))!;
      expect(hint).toMatch(/^fxrates_signed_in=1; /);
      expect(hint).toMatch(/; Path=\/;/);
      expect(hint).not.toMatch(/; HttpOnly/);
      expect(hint).toMatch(/; SameSite=Strict/);
      expect(hint.match(/Expires=[^;]+/)?.[0]).toBe(cookie.match(/Expires=[^;]+/)?.[0]);

      const user = await db().findOneOrFail(
        User,
        { id: res.body.user.uid as string },
        { populate: ['passwordHash'] },
      );
      expect(user).toMatchObject({
        email: email.toLowerCase(),
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Engines Ltd',
        displayName: 'Ada Lovelace',
        plan: 'free', // a chosen plan grants nothing until a payment is verified
        chosenPlan: 'basic',
      });
      expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      const subscriptions = await db().find(Subscription, { user: res.body.user.uid as string });
      expect(subscriptions).toEqual([
        expect.objectContaining({
          plan: 'free',
          billingCycle: 'monthly',
          status: 'active',
          amountMinor: 0,
          currency: 'USD',
        }),
      ]);
    });

    it('marks the cookie Secure when configured to', async () => {
      const secure = await startTestApp(testConfig({ COOKIE_SECURE: 'true' }));
      try {
        const { res } = await register(secure.app);
        expect(([] as string[]).concat(res.headers['set-cookie']).join()).toMatch(
          /fxrates_refresh=[^;]+;.*; Secure/,
        );
      } finally {
        await secure.close();
      }
    });

    it('refuses an email already in use, also in another case and with spaces, with 409', async () => {
      const { email } = await register(t.app);
      for (const again of [email, ` ${email.toUpperCase()} `]) {
        const res = await http()
          .post('/api/auth/register')
          .send({ firstName: 'B', lastName: 'C', email: again, password: PASSWORD })
          .expect(409);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({
          code: 'email-already-in-use',
          message: 'An account with this email already exists. Would you like to login instead?',
        });
      }
      expect(await accountsWith(email)).toBe(1);
    });

    it.each([
      [{ password: '12345' }, 400, 'weak-password', 'Password should be at least 6 characters'],
      [{ password: 'x'.repeat(129) }, 400, 'password-too-long', 'Password must be at most 128 characters'],
      [
        { email: 'not-an-email' },
        400,
        'invalid-email',
        'Enter a valid email address, such as name@example.com.',
      ],
      [{ confirmPassword: 'something else' }, 400, 'passwords-do-not-match', 'Passwords do not match'],
      [{ firstName: '   ' }, 400, 'validation-failed', 'First name is required.'],
      [
        { plan: 'platinum' },
        400,
        'validation-failed',
        'plan must be one of free, basic, professional, enterprise.',
      ],
      [{ role: 'admin' }, 400, 'validation-failed', 'Field "role" is not allowed here.'],
    ])('refuses %j with %i %s', async (overrides, status, code, message) => {
      const email = newEmail();
      const res = await http()
        .post('/api/auth/register')
        .send({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD, ...overrides })
        .expect(status);
      expect(res.body).toMatchObject({ status, code, message });
      expect(await accountsWith(email.toLowerCase())).toBe(0);
    });

    it('refuses a 1 MB password at once, without hashing it', async () => {
      const res = await http()
        .post('/api/auth/register')
        .send({ firstName: 'Ada', lastName: 'Lovelace', email: newEmail(), password: 'x'.repeat(1_048_576) });
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 413, code: 'payload-too-large' });
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the email in any case and returns the user and a cookie', async () => {
      const user = await givenIn(t.app).user();
      const res = await login({ email: ` ${user.email.toUpperCase()}`, password: PASSWORD }).expect(200);
      expect(res.body.user).toEqual(userOf(user));
      expect(refreshCookieOf(res)).toMatch(/^fxrates_refresh=[\w-]{43}$/);
    });

    it.each([
      [
        'an unknown user',
        () => ({ email: newEmail(), password: PASSWORD }),
        401,
        'user-not-found',
        'No account found with this email',
      ],
      ['a wrong password', null, 401, 'wrong-password', 'Incorrect password'],
      [
        'an invalid email',
        () => ({ email: 'nope', password: PASSWORD }),
        400,
        'invalid-email',
        'Enter a valid email address, such as name@example.com.',
      ],
    ])('refuses %s', async (_case, body, status, code, message) => {
      const payload = body
        ? body()
        : { email: (await givenIn(t.app).user()).email, password: 'wrong password' };
      const res = await login(payload).expect(status);
      expect(res.body).toMatchObject({ code, message });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('refuses the 11th failure of one account from one IP across two API instances sharing Redis, and only that IP', async () => {
      const other = await startTestApp(t.config);
      try {
        const { email } = await givenIn(t.app).user();
        const ip = newIp();
        for (let i = 0; i < 10; i++) {
          const app = i % 2 === 0 ? t.app : other.app;
          await request(app.getHttpServer())
            .post('/api/auth/login')
            .set('X-Forwarded-For', ip)
            .send({ email, password: 'wrong password' })
            .expect(401);
        }
        const refused = await request(other.app.getHttpServer())
          .post('/api/auth/login')
          .set('X-Forwarded-For', ip)
          .send({ email, password: PASSWORD })
          .expect(429);
        expect(refused.body).toMatchObject({ code: 'too-many-attempts' });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
        // Failures from one IP never lock the owner out elsewhere (auth-abuse.e2e-spec.ts has more).
        await login({ email, password: PASSWORD }).expect(200);
      } finally {
        await other.app.close();
        await other.redis.quit();
      }
    });

    it('lets one IP fail on several accounts below its own, higher limit', async () => {
      const ip = newIp();
      for (let i = 0; i < 10; i++) await login({ email: newEmail(), password: PASSWORD }, ip).expect(401);
      const { email } = await givenIn(t.app).user();
      await login({ email, password: PASSWORD }, ip).expect(200); // LOGIN_IP_FAILURE_LIMIT is 100
    });

    it('does not count successful sign-ins as failures', async () => {
      const { email } = await givenIn(t.app).user();
      const ip = newIp();
      for (let i = 0; i < 12; i++) await login({ email, password: PASSWORD }, ip).expect(200);
    });
  });

  describe('refresh and logout', () => {
    const refresh = (cookie?: string) => {
      const req = http().post('/api/auth/refresh');
      return cookie ? req.set('Cookie', cookie) : req;
    };

    it('rotates the refresh token and returns a new access token', async () => {
      const user = await signedInUser(t.app);
      const { cookie } = user;
      const res = await refresh(cookie).expect(200);
      expect(res.body.user).toEqual(userOf(user));
      expect(res.body.accessToken).toEqual(expect.any(String));
      const next = refreshCookieOf(res);
      expect(next).not.toBe(cookie);
      await refresh(next).expect(200);
    });

    it('treats reuse of a rotated token as theft: 401 and the whole family is revoked', async () => {
      const { cookie: first } = await signedInUser(t.app);
      const second = refreshCookieOf(await refresh(first).expect(200));
      const reused = await refresh(first).expect(401);
      expect(reused.body.code).toBe('refresh-token-reused');
      expect(([] as string[]).concat(reused.headers['set-cookie']).join()).toMatch(/fxrates_refresh=;/);
      const revoked = await refresh(second).expect(401);
      expect(revoked.body.code).toBe('invalid-refresh-token');
    });

    it('lets only one of two concurrent uses of a token win', async () => {
      const { cookie } = await signedInUser(t.app);
      const results = await Promise.all([refresh(cookie), refresh(cookie)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    });

    it('refuses a missing or unknown refresh token with 401', async () => {
      expect((await refresh().expect(401)).body.code).toBe('invalid-refresh-token');
      const unknown = `fxrates_refresh=${randomBytes(32).toString('base64url')}`;
      expect((await refresh(unknown).expect(401)).body.code).toBe('invalid-refresh-token');
    });

    it('logs out: revokes the token and clears the cookie and the session hint', async () => {
      const { cookie } = await signedInUser(t.app);
      const res = await http().post('/api/auth/logout').set('Cookie', cookie).expect(204);
      expect(([] as string[]).concat(res.headers['set-cookie']).join()).toMatch(
        /fxrates_refresh=;.*Path=\/api\/auth/,
      );
      expect(([] as string[]).concat(res.headers['set-cookie']).join()).toMatch(
        /fxrates_signed_in=;.*Path=\//,
      );
      await refresh(cookie).expect(401);
      await http().post('/api/auth/logout').expect(204); // idempotent without a cookie
    });
  });

  describe('GET /api/auth/me and Bearer tokens', () => {
    const me = (token: string) => http().get('/api/auth/me').set('Authorization', `Bearer ${token}`);

    it('returns the current user for a valid access token', async () => {
      const user = await signedInUser(t.app);
      const body = (await me(user.accessToken).expect(200)).body;
      expect(body).toEqual(userOf(user));
    });

    it('refuses forged, expired and misdirected tokens with 401', async () => {
      const { id: sub } = await givenIn(t.app).user();
      const secret = t.config.auth.jwtSecret;
      const good = { issuer: 'fxrates-pro', audience: 'fxrates-api', subject: sub };
      const header = { alg: 'HS256', typ: 'at+jwt' } as const;
      const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const forged = {
        'alg none': `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64({ sub, iss: 'fxrates-pro', aud: 'fxrates-api', exp: 9e9 })}.`,
        'wrong secret': sign({}, 'another-secret-that-is-long-enough-000', {
          ...good,
          expiresIn: 900,
          header,
        }),
        expired: sign({ exp: Math.floor(Date.now() / 1000) - 10 }, secret, { ...good, header }),
        'wrong audience': sign({}, secret, { ...good, audience: 'someone-else', expiresIn: 900, header }),
        'wrong issuer': sign({}, secret, { ...good, issuer: 'evil', expiresIn: 900, header }),
        'wrong type': sign({}, secret, { ...good, expiresIn: 900, header: { alg: 'HS256', typ: 'JWT' } }),
        HS512: sign({}, secret, {
          ...good,
          expiresIn: 900,
          algorithm: 'HS512',
          header: { alg: 'HS512', typ: 'at+jwt' },
        }),
        garbage: 'not.a.jwt',
      };
      for (const [name, token] of Object.entries(forged)) {
        const res401 = await me(token);
        expect([name, res401.status, res401.body.code]).toEqual([name, 401, 'unauthorized']);
        expect(res401.headers['www-authenticate']).toBe('Bearer');
      }
      const expired = await me(forged.expired);
      expect(expired.body.message).toMatch(/expired/);
      await http().get('/api/auth/me').expect(401);
    });

    it('lets the converter accept a Bearer token instead of the anonymous session', async () => {
      const { accessToken } = await signedInUser(t.app);
      const ok = await http()
        .get('/api/rates/convert?from=USD&to=EUR&amount=1')
        .set('Authorization', `Bearer ${accessToken}`)
        .expect(200);
      expect(ok.body.from).toBe('USD');
      const bad = await http()
        .get('/api/rates/convert?from=USD&to=EUR&amount=1')
        .set('Authorization', 'Bearer not.a.jwt')
        .expect(401);
      expect(bad.body.code).toBe('unauthorized');
    });
  });
});
