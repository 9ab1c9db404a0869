import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { rawGet, rawRequest, type RawAnswer } from '../support/raw-http';
import { startTestApp, type TestApp } from '../test-app';
import { testConfig } from '../test-config';
import { accountState, bearer, patchAccountRaw, accountWithKey, type Account } from './support/accounts';
import { signed, claimsFor } from './support/forged-tokens';
import { expectProblem, expectRawProblem, INTERNALS } from './support/problem';

/** Secrets with values no answer could hold by chance. */
const SECRETS = {
  JWT_SECRET: `jwt-${randomUUID()}-${randomUUID()}`,
  API_KEY_HASH_SECRET: `hmac-${randomUUID()}-${randomUUID()}`,
  OPS_PASSWORD: `ops-${randomUUID()}`,
  RECAPTCHA_SECRET: `recaptcha-${randomUUID()}`,
  PAYPAL_CLIENT_SECRET: `paypal-${randomUUID()}`,
};
const OPS_USER = 'operator';
const ALLOWED_ORIGIN = 'https://app.fxrates.example';

describe('API8:2023 Security Misconfiguration', () => {
  let t: TestApp;
  let port: number;
  let alice: Account;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({
        ...SECRETS,
        OPS_USER,
        PAYPAL_CLIENT_ID: 'public-paypal-client-id',
        PAYPAL_PLAN_IDS: 'basic.monthly=P-BASIC-MONTHLY',
        PAYPAL_WEBHOOK_ID: 'WEBHOOK01',
        CORS_ORIGINS: ALLOWED_ORIGIN,
        TRUST_PROXY: 'true',
      }),
    );
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    alice = await accountWithKey(t);
  });
  afterAll(() => t.close());

  /** Answers of each kind the API gives: Fastify's, the hot path's, problems, docs, Node's own. */
  const samples = async (): Promise<[string, RawAnswer][]> => [
    ['a Fastify JSON route', await rawGet(port, '/api/health')],
    ['a hot-path 200', await rawGet(port, '/api/v1/rates/rate?from=USD&to=EUR', { 'X-API-Key': alice.key })],
    ['a hot-path 401', await rawGet(port, '/api/v1/rates/rate?from=USD&to=EUR')],
    ['a 404 problem', await rawGet(port, '/api/nothing-here')],
    ['a dashboard 401', await rawGet(port, '/api/account')],
    ['the docs page', await rawGet(port, '/api/docs')],
    ['a CORS request', await rawGet(port, '/api/v1/rates/rate?from=USD&to=EUR', { Origin: ALLOWED_ORIGIN })],
  ];

  it('names no framework or version in any answer: no X-Powered-By, a bland Server header', async () => {
    for (const [what, answer] of await samples()) {
      expect([what, answer.headers['x-powered-by']]).toEqual([what, undefined]);
      expect([what, answer.headers.server ?? '']).toEqual([
        what,
        expect.not.stringMatching(/\d|node|fastify|nest/i),
      ]);
    }
  });

  // Security headers on every answer, through @fastify/helmet.
  it('sends nosniff, frame-ancestors none and a referrer policy on every answer', async () => {
    for (const [what, answer] of await samples()) {
      expect([what, answer.headers['x-content-type-options']]).toEqual([what, 'nosniff']);
      expect([what, answer.headers['content-security-policy'] ?? '']).toEqual([
        what,
        expect.stringMatching(/frame-ancestors 'none'/),
      ]);
      expect([what, answer.headers['referrer-policy']]).toEqual([
        what,
        expect.stringMatching(/^(no-referrer|strict-origin)/),
      ]);
    }
  });

  // HSTS behind TLS.
  it('sends Strict-Transport-Security on answers that came over TLS', async () => {
    const res = await http().get('/api/health').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  describe('errors give nothing away', () => {
    it('answers even an unexpected error as a problem with no stack, SQL or driver text', async () => {
      // Inputs that reach a database or parser error today (API2, API4): whatever they answer once
      // fixed, it is a problem, and a 500 carries only the request id to quote to support.
      const ghost = signed(claimsFor(randomUUID()), SECRETS.JWT_SECRET);
      const deep = `{"company":${'['.repeat(3000)}${']'.repeat(3000)}}`;
      for (const res of [
        await http().post('/api/keys').set('Authorization', `Bearer ${ghost}`).send({ name: 'ghost' }),
        await patchAccountRaw(t, alice, deep),
      ]) {
        expect(res.headers['content-type']).toBe('application/problem+json');
        expect(res.text).not.toMatch(INTERNALS);
        expect(res.body.errorId).toBe(res.status === 500 ? res.headers['x-request-id'] : undefined);
      }
    });

    // The codes are those docs/api.md lists: invalid-json for what does not parse.
    it.each([
      ['malformed JSON', '{"firstName":', 'invalid-json'],
      ['a trailing comma', '{"firstName":"Mallory",}', 'invalid-json'],
      ['JSON that is not an object', '"Mallory"', 'validation-failed'],
      ['JSON with a NUL in a text field', '{"firstName":"Ada\\u0000Mallory"}', 'validation-failed'],
      ['null for a field', '{"firstName":null}', 'validation-failed'],
    ])(
      'refuses %s with a 400 problem that shows no internals, and changes nothing',
      async (_what, raw, code) => {
        const before = await accountState(t, alice.userId);
        expectProblem(await patchAccountRaw(t, alice, raw), 400, code);
        expect(await accountState(t, alice.userId)).toEqual(before);
      },
    );

    it('answers a body error alike whether or not operator credentials are configured', async () => {
      // The same signing secret: Passport keeps one JWT strategy per process, the last app's.
      const { JWT_SECRET, API_KEY_HASH_SECRET } = SECRETS;
      const withoutOperators = await startTestApp(testConfig({ JWT_SECRET, API_KEY_HASH_SECRET }));
      try {
        const bob = await accountWithKey(withoutOperators);
        expectProblem(await patchAccountRaw(withoutOperators, bob, '{"firstName":'), 400, 'invalid-json');
        expectProblem(await patchAccountRaw(t, alice, '{"firstName":'), 400, 'invalid-json');
      } finally {
        await withoutOperators.close();
      }
    });

    it('refuses a NUL in a key name with 400, not a database error', async () => {
      const res = await http()
        .post('/api/keys')
        .set('Authorization', bearer(alice))
        .send({ name: 'a\u0000b' });
      expectProblem(res, 400, 'validation-failed');
    });

    it('refuses an unsupported media type with 415 problem+json', async () => {
      const res = await http()
        .patch('/api/account')
        .set('Authorization', bearer(alice))
        .set('Content-Type', 'text/xml')
        .send('<firstName>Mallory</firstName>');
      expectProblem(res, 415, 'unsupported-media-type');
    });
  });

  describe('methods no API needs', () => {
    // Node drops a CONNECT the server does not handle (status 0 here: the socket closes unanswered).
    it.each(['TRACE', 'TRACK', 'CONNECT', 'DEBUG'])(
      '%s is not served and echoes nothing back',
      async (method) => {
        const secret = `session=${randomUUID()}`;
        const answer = await rawRequest(
          port,
          `${method} /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${secret}\r\nX-Probe: ${secret}\r\nConnection: close\r\n\r\n`,
        );
        expect([method, answer.status]).toEqual([method, expect.any(Number)]);
        expect([0, 400, 404, 405, 501]).toContain(answer.status);
        expect(answer.body).not.toContain(secret);
        expect(answer.body).not.toMatch(INTERNALS);
      },
    );

    it('answers TRACE with a 404 problem like any other unknown route', async () => {
      const answer = await rawRequest(
        port,
        'TRACE /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      expectRawProblem(answer, 404, 'not-found');
    });
  });

  describe('CORS', () => {
    const origins = [
      'https://evil.example',
      'null',
      `${ALLOWED_ORIGIN}.evil.example`,
      'https://evil.example/https://app.fxrates.example',
      ALLOWED_ORIGIN.replace('https:', 'http:'),
      ALLOWED_ORIGIN.toUpperCase(),
    ];

    it.each(origins)(
      'does not let origin %s read an answer, on the dashboard or the public API',
      async (origin) => {
        for (const [path, headers] of [
          ['/api/account', { Authorization: bearer(alice) }],
          ['/api/v1/rates/rate?from=USD&to=EUR', { 'X-API-Key': alice.key }],
          ['/api/keys/not-a-key/disable', { Authorization: bearer(alice) }],
        ] as const) {
          const res = await http().get(path).set(headers).set('Origin', origin);
          expect([path, res.headers['access-control-allow-origin']]).toEqual([path, undefined]);
        }
      },
    );

    it.each(origins)('does not approve a preflight from %s', async (origin) => {
      const res = await http()
        .options('/api/keys')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers the allowed origin by name, never with a wildcard beside credentials', async () => {
      const res = await http()
        .get('/api/account')
        .set('Authorization', bearer(alice))
        .set('Origin', ALLOWED_ORIGIN);
      expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers.vary).toMatch(/origin/i);
    });
  });

  describe('what is public gives no secret away', () => {
    it.each([
      '/api/docs',
      '/api/docs/',
      '/api/docs/swagger-ui-init.js',
      '/api/docs-json',
      '/api/docs-yaml',
      '/api/health',
      '/api/health/ready',
      '/api/billing/plans',
      '/api/nothing-here',
    ])('%s holds none of the configured secrets', async (path) => {
      const res = await http().get(path);
      for (const [name, value] of Object.entries(SECRETS)) {
        expect([path, name, res.text.includes(value)]).toEqual([path, name, false]);
      }
      expect(res.text).not.toMatch(/postgres:\/\/|redis:\/\/|OPS_USER|insecure-.*-do-not-deploy/);
    });

    it.each([
      '/api/docs/../../../package.json',
      '/api/docs/..%2f..%2f..%2fpackage.json',
      '/api/docs/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/api/docs/..%5c..%5c..%5cpackage.json',
      '/api/docs/%252e%252e/%252e%252e/package.json',
      '/api/docs/....//....//package.json',
      '/api/docs/swagger-ui-init.js.map',
      '/api/docs/.env',
    ])('serves no file outside Swagger UI through %s', async (target) => {
      const answer = await rawGet(port, target);
      expect([target, answer.status]).toEqual([target, expect.any(Number)]);
      expect([400, 403, 404]).toContain(answer.status);
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(answer.body).not.toMatch(/"dependencies"|"workspaces"|JWT_SECRET|sourceMappingURL|"mappings"/);
    });
  });

  describe('credentials in answers', () => {
    it('marks the refresh cookie Secure, HttpOnly, SameSite=Strict and scoped to /api/auth behind TLS', async () => {
      const res = await http()
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-For', '198.51.100.88')
        .send({ email: alice.email, password: 'correct horse battery' })
        .expect(200);
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join();
      expect(cookie).toMatch(/fxrates_refresh=[^;]+/);
      for (const flag of ['; Secure', '; HttpOnly', '; SameSite=Strict', '; Path=/api/auth']) {
        expect([flag, cookie.includes(flag)]).toEqual([flag, true]);
      }
    });

    it('forbids caching of every answer that carries a credential', async () => {
      // An account of its own: alice's active keys may be at the limit by now, and a refusal carries no key.
      const owner = await accountWithKey(t);
      const created = await http()
        .post('/api/keys')
        .set('Authorization', bearer(owner))
        .send({ name: 'cached?' })
        .expect(201);
      const session = await http().post('/api/auth/session');
      const refreshed = await http().post('/api/auth/refresh').set('Cookie', alice.cookie);
      for (const [what, res] of [
        ['a new API key', created],
        ['a converter session', session],
        ['a refreshed access token', refreshed],
      ] as const) {
        expect([what, res.headers['cache-control']]).toEqual([what, expect.stringMatching(/no-store/)]);
      }
    });
  });
});
