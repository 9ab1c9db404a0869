import { ACCESS_TOKEN_TTL_SECONDS } from '@fxrates/domain';
import { createHmac, randomUUID } from 'node:crypto';
import { sign, type SignOptions } from 'jsonwebtoken';
import request from 'supertest';
import { signedInUser } from './support/signed-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

/** The secrets development and test signed with while they were defaults in the source. */
const FORMERLY_WELL_KNOWN_SECRETS = [
  'insecure-development-only-jwt-secret-do-not-deploy',
  'insecure-test-only-jwt-secret-do-not-deploy',
];

function hs256(payload: object, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'at+jwt' })}.${part({ iss: 'fxrates-pro', aud: 'fxrates-api', ...payload })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const ROUTES = [
  '/api/auth/me',
  '/api/account',
  '/api/keys',
  '/api/rates/convert?from=USD&to=EUR&amount=1',
] as const;

/**
 * Tokens signed with the right secret but claims we never issue, and tokens signed with a secret
 * that used to be in the source: every Bearer route refuses them with a 401 problem, never a 500.
 */
describe('access tokens the API did not issue', () => {
  let t: TestApp;
  let userId: string;
  /** The session of the user's sign-in: a token needs one to be admitted. */
  let sid: string;
  const now = () => Math.floor(Date.now() / 1000);
  const header = { alg: 'HS256', typ: 'at+jwt' } as const;
  const signed = (claims: object, options: SignOptions = {}, secret = t.config.auth.jwtSecret) =>
    // Each with the user's session, so that each is refused for what it varies.
    sign({ sid, ...claims }, secret, { issuer: 'fxrates-pro', audience: 'fxrates-api', header, ...options });
  const call = (url: string, token: string) =>
    request(t.app.getHttpServer()).get(url).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await startTestApp(testConfig());
    const signedIn = await signedInUser(t.app);
    userId = signedIn.id;
    const { accessToken } = signedIn;
    sid = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid;
  });
  afterAll(() => t.close());

  it.each(ROUTES)('admits a token as the API signs it on %s (the control case)', async (url) => {
    const token = signed({ sub: userId, iat: now(), exp: now() + ACCESS_TOKEN_TTL_SECONDS });
    expect((await call(url, token)).status).toBe(200);
  });

  const forgeries: Record<string, () => string> = {
    'a `sub` that is not a user id': () => signed({ sub: "1' or '1'='1", iat: now(), exp: now() + 60 }),
    'a `sub` that is a number': () => signed({ sub: 42, iat: now(), exp: now() + 60 }),
    'a `sub` in a non-canonical UUID spelling': () =>
      signed({ sub: `{${userId.toUpperCase()}}`, iat: now(), exp: now() + 60 }),
    'no `sid` (no session)': () => signed({ sub: userId, sid: undefined, iat: now(), exp: now() + 60 }),
    'no `exp`': () => signed({ sub: userId, iat: now() }),
    'no `iat`': () => signed({ sub: userId, exp: now() + 60 }, { noTimestamp: true }),
    'a lifetime of a year': () => signed({ sub: userId, iat: now(), exp: now() + 365 * 86_400 }),
    'a lifetime just over the configured one': () =>
      signed({ sub: userId, iat: now() - 1, exp: now() + ACCESS_TOKEN_TTL_SECONDS }),
    'an `iat` an hour in the future': () =>
      signed({ sub: userId, iat: now() + 3600, exp: now() + 3600 + ACCESS_TOKEN_TTL_SECONDS }),
    'an `exp` before its `iat`': () => signed({ sub: userId, iat: now() + 20, exp: now() + 10 }),
    // jsonwebtoken refuses to sign this one.
    'a string `exp`': () =>
      hs256({ sub: userId, sid, iat: now(), exp: String(now() + 60) }, t.config.auth.jwtSecret),
    ...Object.fromEntries(
      FORMERLY_WELL_KNOWN_SECRETS.map((secret) => [
        `the formerly well-known secret "${secret}"`,
        () => signed({ sub: userId }, { expiresIn: ACCESS_TOKEN_TTL_SECONDS }, secret),
      ]),
    ),
  };

  // The converter takes a signed-in user's token without a lookup (its hot path): only the routes
  // that look the session up know one that never was.
  it.each(ROUTES.slice(0, 3))('refuses on %s a token of a session that does not exist', async (url) => {
    const res = await call(url, signed({ sub: userId, sid: randomUUID(), iat: now(), exp: now() + 60 }));
    expect([res.status, res.body.code]).toEqual([401, 'unauthorized']);
  });

  describe.each(ROUTES)('GET %s', (url) => {
    it.each(Object.keys(forgeries))('refuses a token with %s: 401 unauthorized', async (name) => {
      const res = await call(url, forgeries[name]());
      expect([res.status, res.headers['content-type'], res.body.code]).toEqual([
        401,
        'application/problem+json',
        'unauthorized',
      ]);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    });
  });
});
