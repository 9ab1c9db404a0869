import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { ApiKey, EmailVerification, QuotaAlert, RefreshToken, User } from '@fxrates/db';
import { JOBS, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { SmtpSink } from '../../../worker/test/support/smtp-sink';
import { runJob } from '../../../worker/test/support/waiting';
import { startAppWithMail, type AppWithMail } from '../support/app-with-mail';
import { PASSWORD, refreshCookieOf, register } from '../support/auth-client';
import { givenIn } from '../support/given';
import { bodyOf, verificationMailsTo, verificationTokenMailed } from '../support/verification-mail';
import { startTestApp, type TestApp } from '../test-app';
import {
  DEFAULT_SIGNED_IN_PATH,
  returnPathAfterSignIn,
} from '../../../../frontends/shell/src/auth/return-path';
import { servedRoutes } from './support/served-routes';
import { testConfig } from '../test-config';
import { accountState, accountWithKey, type Account } from './support/accounts';
import {
  claimsFor as claimsOf,
  forgedLinkTokens,
  sessionOf,
  nowSeconds,
  signed,
  swappedSubject,
  unsigned,
} from './support/forged-tokens';
import { expectProblem } from './support/problem';

const LOGIN_FAILURE_LIMIT = 3;
const HOUR_MS = 3_600_000;

const db = (t: TestApp) => t.app.get(MikroORM).em.fork();

describe('API2:2023 Broken Authentication', () => {
  let t: TestApp;
  let alice: Account;
  let secret: string;
  const http = () => request(t.app.getHttpServer());
  /** Our claims with Alice's session (`sid`), so that each forgery is refused for what it varies. */
  const claimsFor: typeof claimsOf = (sub, overrides = {}) =>
    claimsOf(sub, { sid: sessionOf(alice.accessToken), ...overrides });

  /** The two places a Bearer access token is checked: Passport's guard and the converter's check. */
  async function expectBearerRefused(authorization: string) {
    const account = await http().get('/api/account').set('Authorization', authorization);
    expectProblem(account, 401, 'unauthorized');
    expect(account.headers['www-authenticate']).toBe('Bearer');
    expect(account.text).not.toContain(alice.email.toLowerCase());
    const converter = await http()
      .get('/api/rates/convert?from=USD&to=EUR&amount=1')
      .set('Authorization', authorization);
    expectProblem(converter, 401, 'unauthorized');
  }

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({
        TRUST_PROXY: 'true',
        LOGIN_FAILURE_LIMIT: String(LOGIN_FAILURE_LIMIT),
        PLAN_LIMITS: 'free=1000:1000', // no burst refusal between the attacks on one key
      }),
    );
    secret = t.config.auth.jwtSecret;
    alice = await accountWithKey(t);
  });
  afterAll(() => t.close());

  describe('forged access tokens for another user', () => {
    it('accepts the genuine token, so every refusal below is the forgery’s', async () => {
      await http().get('/api/account').set('Authorization', `Bearer ${alice.accessToken}`).expect(200);
      const mine = signed(claimsFor(alice.userId), secret);
      await http().get('/api/account').set('Authorization', `Bearer ${mine}`).expect(200);
    });

    it.each([
      ['alg none', () => unsigned(claimsFor(alice.userId))],
      ['alg None', () => unsigned(claimsFor(alice.userId), 'None')],
      ['alg NONE without a signature part', () => unsigned(claimsFor(alice.userId), 'NONE').slice(0, -1)],
      ['HS256 with a guessed secret', () => signed(claimsFor(alice.userId), 'secret')],
      ['HS256 with a wrong 48-character secret', () => signed(claimsFor(alice.userId), 'x'.repeat(48))],
      ['HS384 with our secret', () => signed(claimsFor(alice.userId), secret, { alg: 'HS384' })],
      ['HS512 with our secret', () => signed(claimsFor(alice.userId), secret, { alg: 'HS512' })],
      [
        'our secret, expired a minute ago',
        () => signed(claimsFor(alice.userId, { iat: nowSeconds() - 960, exp: nowSeconds() - 60 }), secret),
      ],
      ['our secret, typ JWT', () => signed(claimsFor(alice.userId), secret, { typ: 'JWT' })],
      ['our secret, typ refresh+jwt', () => signed(claimsFor(alice.userId), secret, { typ: 'rt+jwt' })],
      ['our secret, another issuer', () => signed(claimsFor(alice.userId, { iss: 'evil' }), secret)],
      [
        'our secret, another audience',
        () => signed(claimsFor(alice.userId, { aud: 'fxrates-worker' }), secret),
      ],
      ['our secret, no issuer', () => signed(claimsFor(alice.userId, { iss: undefined }), secret)],
      ['our secret, no audience', () => signed(claimsFor(alice.userId, { aud: undefined }), secret)],
      ['a genuine token with its subject swapped', () => swappedSubject(alice.accessToken, randomUUID())],
      [
        'the genuine token with its signature cut off',
        () => alice.accessToken.split('.').slice(0, 2).join('.'),
      ],
      ['the genuine token as Basic credentials', () => alice.accessToken],
    ])('refuses %s with 401 unauthorized', async (what, forge) => {
      const token = forge();
      await expectBearerRefused(what.endsWith('Basic credentials') ? `Basic ${token}` : `Bearer ${token}`);
    });

    // Claims we never issue are refused, not trusted or a 500.
    it.each([
      ['a subject that is not a user id', () => signed(claimsFor(`${alice.userId}' or '1'='1`), secret)],
      [
        'a subject that is a number',
        () => signed({ ...claimsFor('x'), sub: 42 as unknown as string }, secret),
      ],
      [
        'a lifetime of a year',
        () => signed(claimsFor(alice.userId, { exp: nowSeconds() + 365 * 86_400 }), secret),
      ],
      ['no expiry', () => signed(claimsFor(alice.userId, { exp: undefined }), secret)],
      [
        'an issue time in the future',
        () => signed(claimsFor(alice.userId, { iat: nowSeconds() + 3600, exp: nowSeconds() + 4500 }), secret),
      ],
    ])('refuses a token signed with our secret but with %s: 401', async (_what, forge) => {
      await expectBearerRefused(`Bearer ${forge()}`);
    });

    it.each([
      ['GET', '/api/account', undefined],
      ['GET', '/api/auth/me', undefined],
      ['GET', '/api/usage', undefined],
      ['GET', '/api/keys', undefined],
      ['POST', '/api/keys', { name: 'ghost' }],
      ['PATCH', '/api/account', { firstName: 'Ghost' }],
    ])(
      'refuses a well-signed token for a user that does not exist on %s %s: 401',
      async (method, path, body) => {
        const token = signed(claimsFor(randomUUID()), secret);
        const verb = method.toLowerCase() as 'get' | 'post' | 'patch';
        const res = await http()[verb](path).set('Authorization', `Bearer ${token}`).send(body);
        expectProblem(res, 401, 'unauthorized');
      },
    );
  });

  describe('refresh tokens', () => {
    const refresh = (cookie: string) => http().post('/api/auth/refresh').set('Cookie', cookie);

    it('revokes the whole family when a rotated refresh token is used again', async () => {
      const bob = await accountWithKey(t);
      const first = await refresh(bob.cookie).expect(200);
      const second = refreshCookieOf(first);
      const reused = await refresh(bob.cookie);
      expectProblem(reused, 401, 'refresh-token-reused');
      expect(reused.body.accessToken).toBeUndefined();
      expectProblem(await refresh(second), 401, 'invalid-refresh-token');
      expect(await db(t).count(RefreshToken, { user: bob.userId, revokedAt: null })).toBe(0);
    });

    it('refuses a refresh token after sign-out', async () => {
      const bob = await accountWithKey(t);
      await http().post('/api/auth/logout').set('Cookie', bob.cookie).expect(204);
      expectProblem(await refresh(bob.cookie), 401, 'invalid-refresh-token');
    });

    it('accepts a refresh token only as its cookie on /api/auth/refresh, nowhere else and in no other form', async () => {
      const bob = await accountWithKey(t);
      const token = bob.cookie.split('=')[1];
      const before = await accountState(t, bob.userId);
      expectProblem(await http().get('/api/account').set('Cookie', bob.cookie), 401, 'unauthorized');
      expectProblem(
        await http().get('/api/account').set('Authorization', `Bearer ${token}`),
        401,
        'unauthorized',
      );
      expectProblem(
        await http().post('/api/keys').set('Cookie', bob.cookie).send({ name: 'from a cookie' }),
        401,
        'unauthorized',
      );
      expectProblem(
        await http().post('/api/auth/refresh').send({ refreshToken: token }),
        401,
        'invalid-refresh-token',
      );
      expectProblem(
        await http().post('/api/auth/refresh').set('Authorization', `Bearer ${token}`),
        401,
        'invalid-refresh-token',
      );
      expectProblem(
        await http().get('/api/rates/convert?from=USD&to=EUR&amount=1').set('X-Session-Token', token),
        401,
        'invalid-session-token',
      );
      expectProblem(
        await http().get('/api/v1/rates/rate?from=USD&to=EUR').set('X-API-Key', token),
        401,
        'invalid-api-key',
      );
      expect(await accountState(t, bob.userId)).toEqual(before);
      await refresh(bob.cookie).expect(200); // none of the above used it up
    });

    it('refuses an access token as a refresh token', async () => {
      expectProblem(await refresh(`fxrates_refresh=${alice.accessToken}`), 401, 'invalid-refresh-token');
    });

    it('grants nothing to the signed-in hint cookie, set by hand or beside a stranger’s refresh cookie', async () => {
      // fxrates_signed_in is readable by scripts and holds no secret: it only tells the web app a
      // refresh may succeed. Forged, it must open nothing and hand out no token.
      const bob = await accountWithKey(t);
      const before = await accountState(t, bob.userId);
      const hint = 'fxrates_signed_in=1';
      expectProblem(await refresh(hint), 401, 'invalid-refresh-token');
      expectProblem(await refresh(`${hint}; fxrates_refresh=${bob.userId}`), 401, 'invalid-refresh-token');
      expectProblem(await http().get('/api/account').set('Cookie', hint), 401, 'unauthorized');
      expectProblem(await http().get('/api/keys').set('Cookie', hint), 401, 'unauthorized');
      expectProblem(
        await http().get('/api/rates/convert?from=USD&to=EUR&amount=1').set('Cookie', hint),
        401,
        'missing-session-token',
      );
      expect(await accountState(t, bob.userId)).toEqual(before);
    });
  });

  describe('sign-in and sign-out from a page of another origin (another port of the same host)', () => {
    const FOREIGN = 'http://localhost:5000'; // same site as the web app's localhost:3000, other origin
    const post = (path: string, cookie: string, headers: Record<string, string>) =>
      http().post(path).set('Cookie', cookie).set(headers);

    it.each([
      ['a foreign Origin', { Origin: FOREIGN }],
      ['Sec-Fetch-Site: same-site from another port', { Origin: FOREIGN, 'Sec-Fetch-Site': 'same-site' }],
      ['Sec-Fetch-Site: cross-site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site without Origin', { 'Sec-Fetch-Site': 'same-site' }],
      ['Origin: null (a sandboxed frame)', { Origin: 'null' }],
    ])(
      'refuses logout and refresh with %s: 403 origin-not-allowed, and the session survives',
      async (_, headers) => {
        const bob = await accountWithKey(t);
        const tokens = async () =>
          (await db(t).find(RefreshToken, { user: bob.userId }, { orderBy: { id: 'asc' } })).map(
            ({ id, revokedAt, rotatedAt }) => ({ id, revokedAt, rotatedAt }),
          );
        const before = await tokens();
        for (const path of ['/api/auth/logout', '/api/auth/refresh']) {
          const refused = await post(path, bob.cookie, headers);
          expectProblem(refused, 403, 'origin-not-allowed');
          expect(refused.headers['set-cookie']).toBeUndefined();
        }
        expect(await tokens()).toEqual(before);
        // The web app's own pages still refresh with the same cookie.
        const own = await post('/api/auth/refresh', bob.cookie, {
          Origin: 'http://localhost:3000',
          'Sec-Fetch-Site': 'same-site',
        });
        expect(own.status).toBe(200);
        expect(own.body.accessToken).toEqual(expect.any(String));
      },
    );

    it('lets the API’s own origin, a same-origin fetch and a client that is no browser (no Origin, no Sec-Fetch-Site) through', async () => {
      const bob = await accountWithKey(t);
      const first = await post('/api/auth/refresh', bob.cookie, {
        'Sec-Fetch-Site': 'same-origin',
        Origin: FOREIGN,
      });
      expect(first.status).toBe(200);
      const second = await post('/api/auth/refresh', refreshCookieOf(first), {}).expect(200);
      const host = await post('/api/auth/refresh', refreshCookieOf(second), {
        Host: 'api.fxrates.example',
        Origin: 'http://api.fxrates.example',
      }).expect(200);
      await post('/api/auth/logout', refreshCookieOf(host), {}).expect(204);
    });
  });

  describe('API keys', () => {
    const rate = () => http().get('/api/v1/rates/rate?from=USD&to=EUR');

    it('accepts the genuine key, so every refusal below is the attack’s', async () => {
      await rate().set('X-API-Key', alice.key).expect(200);
    });

    it.each([
      ['the legacy prefix', (key: string) => key.replace(/^fxrates_/, 'fxpro_')],
      ['another prefix', (key: string) => key.replace(/^fxrates_/, 'sk_live_')],
      ['no prefix', (key: string) => key.replace(/^fxrates_/, '')],
      ['upper-case hex', (key: string) => key.replace(/_(.*)$/, (_, hex: string) => `_${hex.toUpperCase()}`)],
      ['its last character changed', (key: string) => `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`],
      ['a character too many', (key: string) => `${key}0`],
      ['a second key after a comma', (key: string) => `${key}, ${key}`],
    ])('refuses a key with %s: 401 invalid-api-key, and meters nothing', async (_what, mangle) => {
      const used = async () =>
        (await http().get('/api/v1/usage').set('X-API-Key', alice.key).expect(200)).body.used as number;
      const before = await used();
      expectProblem(await rate().set('X-API-Key', mangle(alice.key)), 401, 'invalid-api-key');
      expect(await used()).toBe(before);
    });

    it.each(['api_key', 'apikey', 'apiKey', 'key', 'x-api-key', 'X-API-Key', 'access_token'])(
      'does not take the key from the query string (?%s=…): 401 missing-api-key',
      async (name) => {
        const res = await http().get(`/api/v1/rates/rate?from=USD&to=EUR&${name}=${alice.key}`);
        expectProblem(res, 401, 'missing-api-key');
      },
    );

    it.each([
      ['Authorization: Bearer', (key: string) => ({ Authorization: `Bearer ${key}` })],
      ['Authorization: ApiKey', (key: string) => ({ Authorization: `ApiKey ${key}` })],
      ['a cookie', (key: string) => ({ Cookie: `x-api-key=${key}; api_key=${key}` })],
      ['X-Api-Token', (key: string) => ({ 'X-Api-Token': key })],
    ])('does not take the key from %s: 401 missing-api-key', async (_where, headers) => {
      expectProblem(await rate().set(headers(alice.key)), 401, 'missing-api-key');
    });

    it('refuses a disabled key at once: 403 api-key-disabled', async () => {
      const bob = await accountWithKey(t);
      await rate().set('X-API-Key', bob.key).expect(200);
      await http().post(`/api/keys/${bob.keyId}/disable`).set('Authorization', `Bearer ${bob.accessToken}`);
      expectProblem(await rate().set('X-API-Key', bob.key), 403, 'api-key-disabled');
    });

    it('refuses an access token or a converter session as an API key', async () => {
      const session = (await http().post('/api/auth/session').expect(201)).body.sessionToken as string;
      expectProblem(await rate().set('X-API-Key', alice.accessToken), 401, 'invalid-api-key');
      expectProblem(await rate().set('X-API-Key', session), 401, 'invalid-api-key');
    });
  });

  describe('the converter’s anonymous session', () => {
    it('grants nothing as a Bearer token', async () => {
      const session = (await http().post('/api/auth/session').expect(201)).body.sessionToken as string;
      await http()
        .get('/api/rates/convert?from=USD&to=EUR&amount=1')
        .set('X-Session-Token', session)
        .expect(200);
      for (const path of ['/api/account', '/api/auth/me', '/api/keys', '/api/usage']) {
        expectProblem(await http().get(path).set('Authorization', `Bearer ${session}`), 401, 'unauthorized');
      }
      expectProblem(
        await http().post('/api/keys').set('X-Session-Token', session).send({ name: 'from a session' }),
        401,
        'unauthorized',
      );
    });

    it('is not an access token either way round', async () => {
      expectProblem(
        await http()
          .get('/api/rates/convert?from=USD&to=EUR&amount=1')
          .set('X-Session-Token', alice.accessToken),
        401,
        'invalid-session-token',
      );
    });
  });

  describe('password guessing', () => {
    it(`slows the guessing address after ${LOGIN_FAILURE_LIMIT} failures, even with the right password`, async () => {
      const bob = await accountWithKey(t);
      const attacker = '203.0.113.7';
      const login = (password: string, ip: string) =>
        http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: bob.email, password });
      for (let guess = 0; guess < LOGIN_FAILURE_LIMIT; guess++) {
        expectProblem(await login(`guess-${guess}`, attacker), 401, 'wrong-password');
      }
      const refused = await login(PASSWORD, attacker);
      expectProblem(refused, 429, 'too-many-attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['set-cookie']).toBeUndefined();
    });

    // An attacker's failures never lock the owner out from their own address.
    it('lets the owner sign in from their own address while an attacker guesses their password', async () => {
      const bob = await accountWithKey(t);
      for (let guess = 0; guess <= LOGIN_FAILURE_LIMIT + 1; guess++) {
        await http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', `198.51.100.${guess + 1}`)
          .send({ email: bob.email, password: `guess-${guess}` });
      }
      const owner = await http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', '192.0.2.200')
        .send({ email: bob.email, password: PASSWORD });
      expect([owner.status, owner.body.code]).toEqual([200, undefined]);
    });
  });

  /**
   * A sign-in link (`/login?next=…`) must not send the user off-site once signed in. The
   * API takes no `next` anywhere: the shell's router reads it in the browser, through the
   * return-path module. So this suite checks both: no API answer redirects where `next` points, and
   * the shell's own module (imported, as the browser runs it) turns every off-site `next` into the
   * dashboard. The browser test (e2e/specs/sign-in-redirects.e2e.ts) drives the real page.
   */
  describe('the sign-in return path (next)', () => {
    const OFF_SITE = [
      'https://evil.example/',
      '//evil.example',
      '/.//evil.example',
      '/..//evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
    ];

    it('is taken by no API route: none answers with a redirect, whatever next says', async () => {
      // Every GET the API serves (path parameters filled in), and the sign-in itself, with a `next`.
      const gets = servedRoutes(t.app)
        .filter((route) => route.startsWith('GET ') && !route.includes('*') && !/stream/.test(route))
        .map((route) => route.slice('GET '.length).replace(/\{\w+\}/g, 'x'));
      expect(gets.length).toBeGreaterThan(10);
      const query = `next=${encodeURIComponent('/.//evil.example')}`;
      for (const path of [...gets, '/login', '/register']) {
        const res = await http().get(`${path}?${query}`).set('X-API-Key', alice.key);
        expect([path, res.status >= 300 && res.status < 400, res.headers.location]).toEqual([
          path,
          false,
          undefined,
        ]);
      }
      const signIn = await http()
        .post(`/api/auth/login?${query}`)
        .set('X-Forwarded-For', '192.0.2.77')
        .send({ email: alice.email, password: PASSWORD });
      expect([signIn.status, signIn.headers.location]).toEqual([200, undefined]);
      expect(signIn.text).not.toContain('evil.example');
    });

    it.each(OFF_SITE)('sends a browser signed in through /login?next=%j to the dashboard', (next) => {
      expect(returnPathAfterSignIn(next, '')).toBe(DEFAULT_SIGNED_IN_PATH);
      expect(returnPathAfterSignIn(next, '#token=x')).toBe(DEFAULT_SIGNED_IN_PATH);
    });

    it('keeps a return path on the site, normalised', () => {
      expect(returnPathAfterSignIn('/account', '')).toBe('/account');
      expect(returnPathAfterSignIn('/docs/../account?tab=keys', '')).toBe('/account?tab=keys');
    });
  });
});

/**
 * An address nobody proved gets no mail but its verification link, and its account
 * creates no key. The link is read from the SMTP stand-in, sent by a real worker.
 */
describe('API2:2023 Broken Authentication: email verification', () => {
  const WEB_URL = 'https://fxrates.example.com';
  const RESENDS_PER_HOUR = 2;
  let mailing: AppWithMail;
  let smtp: SmtpSink;
  let t: TestApp;
  let worker: INestApplicationContext;
  const http = () => request(t.app.getHttpServer());
  const auth = (account: { accessToken: string }) => `Bearer ${account.accessToken}`;
  const verify = (account: { accessToken: string }, token: string) =>
    http().post('/api/auth/verify-email').set('Authorization', auth(account)).send({ token });
  const createKey = (account: { accessToken: string }) =>
    http().post('/api/keys').set('Authorization', auth(account)).send({ name: 'first' });

  beforeAll(async () => {
    mailing = await startAppWithMail(WEB_URL, { VERIFICATION_RESEND_PER_HOUR: String(RESENDS_PER_HOUR) });
    ({ t, smtp, worker } = mailing);
  });
  afterAll(() => mailing?.close());

  /** A new account as sign-up leaves it: unverified, its link on the way. */
  const signUp = (overrides: Record<string, unknown> = {}) => register(t.app, overrides, { verified: false });

  it('mails a link to the address only, with no text of the user in it, and refuses keys until it is opened', async () => {
    const eve = await signUp({ firstName: 'Eve\r\n\r\nClick https://evil.example to verify', lastName: 'E' });
    expect(eve.res.body.user.emailVerified).toBe(false);
    const token = await verificationTokenMailed(smtp, eve.email);
    const [mail] = verificationMailsTo(smtp, eve.email);
    expect(mail.header('Subject')).toBe('Verify your email address for FXRates Pro');
    expect(mail.raw).not.toMatch(/Eve|evil/);
    expect(bodyOf(mail)).toContain(`${WEB_URL}/dashboard/verify-email#token=${token}`);

    const refused = await createKey(eve);
    expectProblem(refused, 403, 'email-not-verified');
    expect(refused.body.message).toMatch(/Verify your email address/);
    expect(await db(t).find(ApiKey, { user: eve.userId })).toEqual([]);

    const verified = await verify(eve, token).expect(200);
    expect(verified.body).toMatchObject({ uid: eve.userId, emailVerified: true });
    expect(
      (await http().get('/api/auth/me').set('Authorization', auth(eve)).expect(200)).body.emailVerified,
    ).toBe(true);
    await createKey(eve).expect(201);
  });

  it('refuses a reused link: verifying twice answers verification-link-used', async () => {
    const ada = await signUp();
    const token = await verificationTokenMailed(smtp, ada.email);
    await verify(ada, token).expect(200);
    expectProblem(await verify(ada, token), 409, 'verification-link-used');
  });

  it('refuses forged links, and a genuine link of another account, and verifies nobody', async () => {
    const victim = await signUp();
    const mallory = await signUp();
    const token = await verificationTokenMailed(smtp, victim.email);
    for (const forged of [...forgedLinkTokens(token)]) {
      expectProblem(await verify(victim, forged), 400, 'verification-link-invalid');
    }
    // Mallory holds the victim's genuine link (a forwarded mail): it is the victim's alone.
    expectProblem(await verify(mallory, token), 400, 'verification-link-invalid');
    expectProblem(await http().post('/api/auth/verify-email').send({ token }), 401, 'unauthorized');
    const rows = await db(t).find(User, { id: { $in: [victim.userId, mallory.userId] } });
    expect(rows.map((row) => row.emailVerifiedAt)).toEqual([null, null]);
  });

  it('refuses an expired link with 410 verification-link-expired', async () => {
    const late = await signUp();
    const token = await verificationTokenMailed(smtp, late.email);
    await db(t).nativeUpdate(
      EmailVerification,
      { userId: late.userId },
      { createdAt: new Date(Date.now() - 25 * HOUR_MS), expiresAt: new Date(Date.now() - HOUR_MS) },
    );
    expectProblem(await verify(late, token), 410, 'verification-link-expired');
    await createKey(late).expect(403);
  });

  it('resends a link (earlier ones stay valid until they expire), at most as often as configured, and not once verified', async () => {
    const bob = await signUp();
    const first = await verificationTokenMailed(smtp, bob.email);
    for (let i = 0; i < RESENDS_PER_HOUR; i++) {
      await http().post('/api/auth/verify-email/resend').set('Authorization', auth(bob)).expect(204);
    }
    const latest = await verificationTokenMailed(smtp, bob.email, 1 + RESENDS_PER_HOUR);
    expect(latest).not.toBe(first);
    const throttled = await http().post('/api/auth/verify-email/resend').set('Authorization', auth(bob));
    expectProblem(throttled, 429, 'too-many-attempts');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    await verify(bob, first).expect(200);
    expectProblem(await verify(bob, first), 409, 'verification-link-used');
    expectProblem(await verify(bob, latest), 409, 'email-already-verified');
    expectProblem(
      await http().post('/api/auth/verify-email/resend').set('Authorization', auth(bob)),
      409,
      'email-already-verified',
    );
  });

  it('emails no quota alert to an unverified address: the alert is recorded as skipped', async () => {
    const quiet = await givenIn(t.app).user({ verified: false });
    const month = new Date().toISOString().slice(0, 7);
    const { id: alertId } = await givenIn(t.app).quotaAlert(quiet, {
      month,
      threshold: 75,
      plan: 'free',
      monthlyQuota: 1000,
      used: 750,
    });
    const queue = worker.get<Queue>(getQueueToken(QUEUES.email));
    expect(await runJob(queue, JOBS.sendQuotaAlertEmail, { alertId })).toEqual({ sent: false });
    const alert = await db(t).findOneOrFail(QuotaAlert, { id: alertId });
    expect(alert.emailedAt).toBeNull();
    expect(alert.skippedAt).not.toBeNull();
    expect(smtp.mails.filter((m) => m.to.includes(quiet.email))).toEqual([]);
    // The sweep leaves it alone.
    await runJob(queue, JOBS.requeueUnsentEmail, {});
    expect(await queue.getJob(`quota-alert.${quiet.id}.${month}.1000.75`)).toBeUndefined();
  });
});
