import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { signedInUser } from './support/signed-in';
import { rawAnswers, rawRequest, type RawAnswer, type RawStep } from './support/raw-http';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text?: string;
  body: unknown;
}

/** The status, media type and code of an answer, to compare in one assertion. */
function problemOf(answer: Answer | RawAnswer) {
  const text = 'text' in answer ? answer.text : (answer as RawAnswer).body;
  let body: { code?: string; message?: string } = {};
  try {
    body = JSON.parse(text ?? '');
  } catch {
    // not JSON: the comparison below shows what came instead
  }
  return { status: answer.status, type: answer.headers['content-type'], code: body.code ?? text };
}

function expectProblem(answer: Answer | RawAnswer, status: number, code: string): void {
  expect(problemOf(answer)).toEqual({ status, type: 'application/problem+json', code });
}

/** A closed connection is announced: the answer says `Connection: close` whenever the socket closes. */
function expectClosedAndSaid(answer: RawAnswer): void {
  expect({ closed: answer.closed, connection: answer.headers.connection }).toEqual({
    closed: true,
    connection: 'close',
  });
}

/** Every JSON body route, a valid body for it, and the code a `null` in each required field gets. */
const BODY_ROUTES: {
  method: 'post' | 'patch';
  path: string;
  auth: boolean;
  body: Record<string, string>;
  nullCodes: Record<string, string>;
}[] = [
  {
    method: 'post',
    path: '/api/auth/register',
    auth: false,
    body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', password: 'secret-123' },
    nullCodes: {
      firstName: 'validation-failed',
      lastName: 'validation-failed',
      email: 'invalid-email',
      password: 'weak-password',
    },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    auth: false,
    body: { email: 'ada@example.test', password: 'secret-123' },
    nullCodes: { email: 'invalid-email', password: 'validation-failed' },
  },
  {
    method: 'patch',
    path: '/api/account',
    auth: true,
    body: { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines' },
    nullCodes: { firstName: 'validation-failed', lastName: 'validation-failed' },
  },
  {
    method: 'post',
    path: '/api/keys',
    auth: true,
    body: { name: 'server' },
    nullCodes: { name: 'validation-failed' },
  },
  {
    method: 'post',
    path: '/api/v1/contact',
    auth: false,
    body: {
      name: 'Ada',
      email: 'ada@example.test',
      subject: 'Volumes',
      message: 'Hello',
      recaptchaToken: 'token',
    },
    nullCodes: {
      name: 'validation-failed',
      email: 'invalid-email',
      subject: 'validation-failed',
      message: 'validation-failed',
      recaptchaToken: 'recaptcha-failed',
    },
  },
  {
    method: 'post',
    path: '/api/v1/subscriptions',
    auth: true,
    body: { paypalSubscriptionId: 'I-BW452GLLEP1G', plan: 'basic', billingCycle: 'monthly' },
    nullCodes: {
      paypalSubscriptionId: 'validation-failed',
      plan: 'validation-failed',
      billingCycle: 'validation-failed',
    },
  },
];

/** JSON nested `levels` deep, as arrays and as objects. */
const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/**
 * Every refusal is problem+json with a stable code, including what Fastify and Node answer before any
 * route runs: malformed bodies, URLs, headers and requests, sent over the wire as an attacker would.
 */
describe('HTTP errors answered as problems', () => {
  let t: TestApp;
  let port: number;
  let accessToken: string;
  let ip = 0;
  // A fresh client address per call (TRUST_PROXY), so per-IP throttles never answer instead.
  const call = (method: 'get' | 'post' | 'patch' | 'options', path: string) => {
    const agent = request(t.app.getHttpServer());
    return agent[method](path).set('X-Forwarded-For', `10.77.${Math.floor(++ip / 250)}.${ip % 250}`);
  };
  const bodyCall = (route: (typeof BODY_ROUTES)[number]) => {
    const req = call(route.method, route.path);
    return route.auth ? req.set('Authorization', `Bearer ${accessToken}`) : req;
  };

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({
        TRUST_PROXY: 'true',
        CONTACT_LIMIT_PER_HOUR: '1000',
        CONTACT_ADDRESS_LIMIT_PER_HOUR: '1000',
      }),
    );
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    ({ accessToken } = await signedInUser(t.app));
  });
  afterAll(() => t.close());

  describe('JSON bodies', () => {
    it('answers invalid JSON with invalid-json', async () => {
      const res = await call('post', '/api/auth/login')
        .set('Content-Type', 'application/json')
        .send('{"email":');
      expectProblem(res, 400, 'invalid-json');
    });

    it('answers an empty JSON body with invalid-json', async () => {
      const res = await call('post', '/api/auth/login').set('Content-Type', 'application/json').send('');
      expectProblem(res, 400, 'invalid-json');
    });

    it.each([
      ['__proto__', '{"email":"a@example.test","__proto__":{"admin":true}}'],
      ['constructor.prototype', '{"email":"a@example.test","constructor":{"prototype":{"admin":true}}}'],
      ['a nested __proto__', '{"paypal":{"resource":{"__proto__":{"admin":true}}}}'],
    ])('refuses %s as a field that is not allowed', async (name, body) => {
      const res = await call('post', '/api/billing/paypal/webhook')
        .set('Content-Type', 'application/json')
        .send(body);
      expectProblem(res, 400, 'validation-failed');
      expect(res.body.message).toBe(`Field "${name.replace('a nested ', '')}" is not allowed here.`);
    });

    it('answers a body over the limit with 413 payload-too-large and closes', async () => {
      const body = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(70 * 1024) });
      const answer = await rawRequest(
        port,
        `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      );
      expectProblem(answer, 413, 'payload-too-large');
      expect(answer.json().message).toMatch(/at most 64 KB/);
      expectClosedAndSaid(answer);
    });

    it.each([
      ['text/plain', 'email=a@example.test'],
      ['application/x-www-form-urlencoded', 'email=a%40example.test&password=secret-123'],
      ['application/xml', '<login/>'],
      ['multipart/form-data; boundary=x', '--x--'],
    ])('answers a %s body with 415 unsupported-media-type', async (type, body) => {
      const res = await call('post', '/api/auth/login').set('Content-Type', type).send(body);
      expectProblem(res, 415, 'unsupported-media-type');
      expect(res.body.message).toMatch(/Content-Type: application\/json/);
    });

    it('answers a body without a Content-Type with 415 unsupported-media-type', async () => {
      const body = '{"email":"a@example.test"}';
      const answer = await rawRequest(
        port,
        `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      expectProblem(answer, 415, 'unsupported-media-type');
    });

    describe.each(BODY_ROUTES)('$method $path', (route) => {
      it('refuses a NUL character in any text field with 400', async () => {
        for (const field of Object.keys(route.body)) {
          const value = field === 'email' ? 'a\u0000b@example.test' : `${route.body[field]}\u0000`;
          const res = await bodyCall(route).send({ ...route.body, [field]: value });
          expect([field, problemOf(res)]).toEqual([
            field,
            { status: 400, type: 'application/problem+json', code: 'validation-failed' },
          ]);
          expect(res.body.message).toBe(`Field "${field}" contains a NUL character (\\u0000); remove it.`);
        }
      });

      it('refuses an unpaired surrogate in any text field with 400, not a validator crash', async () => {
        for (const field of Object.keys(route.body)) {
          // JSON.stringify escapes a lone surrogate as \ud800: valid JSON, invalid Unicode.
          const value = field === 'email' ? 'a\ud800b@example.test' : `${route.body[field]}\udfff`;
          const res = await bodyCall(route)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify({ ...route.body, [field]: value }));
          expect([field, problemOf(res)]).toEqual([
            field,
            { status: 400, type: 'application/problem+json', code: 'validation-failed' },
          ]);
          expect(res.body.message).toMatch(/is not valid Unicode/);
        }
      });

      it('refuses null in a required field with 400 and what the field needs', async () => {
        for (const [field, code] of Object.entries(route.nullCodes)) {
          const res = await bodyCall(route).send({ ...route.body, [field]: null });
          expect([field, problemOf(res)]).toEqual([
            field,
            { status: 400, type: 'application/problem+json', code },
          ]);
          // What the field needs, not a bound that a missing value cannot break.
          expect([field, res.body.message]).not.toEqual([field, expect.stringMatching(/at most/)]);
        }
      });

      it('refuses JSON nested 3,000 levels deep with 400', async () => {
        const [field] = Object.keys(route.body);
        for (const nested of [nestedArrays(3000), nestedObjects(3000)]) {
          const res = await bodyCall(route)
            .set('Content-Type', 'application/json')
            .send(`{"${field}":${nested}}`);
          expectProblem(res, 400, 'validation-failed');
          expect(res.body.message).toMatch(/nests deeper than 32 levels/);
        }
      });
    });

    it('refuses NUL, deep nesting and __proto__ in a PayPal webhook before anything is stored', async () => {
      for (const body of [
        '{"id":"WH-1","event_type":"PAYMENT.SALE.COMPLETED\\u0000"}',
        `{"id":"WH-1","resource":${nestedObjects(3000)}}`,
      ]) {
        const res = await call('post', '/api/billing/paypal/webhook')
          .set('Content-Type', 'application/json')
          .send(body);
        expectProblem(res, 400, 'validation-failed');
      }
    });

    it('still takes null where the document says a field is nullable', async () => {
      const res = await bodyCall(BODY_ROUTES[2]).send({ company: null }).expect(200);
      expect(res.body.company).toBeNull();
    });
  });

  describe('URLs', () => {
    it.each(['/api/%zz', '/api/v1/rates/historical/%E0%A4%A', '/api/keys/%/disable'])(
      'answers the bad percent-encoding of %s with 400 invalid-url',
      async (path) => {
        const answer = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
        expectProblem(answer, 400, 'invalid-url');
        expect(answer.json().message).toMatch(/%25/);
        expect(answer.headers['x-request-id']).toBeDefined();
      },
    );

    it('answers an over-long path parameter with 414 uri-too-long, without echoing the path', async () => {
      const param = 'x'.repeat(300);
      for (const path of [`/api/v1/rates/historical/${param}`, `/api/keys/${param}/disable`]) {
        const res = await call(path.endsWith('disable') ? 'post' : 'get', path).set(
          'Authorization',
          `Bearer ${accessToken}`,
        );
        expectProblem(res, 414, 'uri-too-long');
        expect(res.text).not.toContain('xxxxxxxxxx');
      }
    });

    it('answers an absolute-form target like its path', async () => {
      const answer = await rawRequest(port, 'GET http://x/api/no-such-route HTTP/1.1\r\nHost: x\r\n\r\n');
      expectProblem(answer, 404, 'not-found');
    });
  });

  describe('what the HTTP parser refuses', () => {
    it.each([
      [
        'over-large headers',
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'headers-too-large',
      ],
      ['a request line that is not HTTP', 'HELLO\r\n\r\n', 400, 'malformed-request'],
      [
        'a NUL in the target',
        'GET /api/health?x=\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
        400,
        'malformed-request',
      ],
      [
        'both Content-Length and Transfer-Encoding (request smuggling)',
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
        'malformed-request',
      ],
      ['an HTTP/1.1 request without Host', 'GET /api/health HTTP/1.1\r\n\r\n', 400, 'malformed-request'],
      [
        'an Expect it cannot meet',
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
        417,
        'expectation-failed',
      ],
      ['CONNECT', 'CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n', 404, 'not-found'],
    ])('answers %s with %d %s and closes', async (_name, bytes, status, code) => {
      const answer = await rawRequest(port, bytes);
      expectProblem(answer, status, code);
      expect(answer.headers['x-request-id']).toBeDefined();
      expectClosedAndSaid(answer);
    });
  });

  describe('CORS preflights', () => {
    it('answers a preflight without Origin or a method with 400 invalid-preflight', async () => {
      const allowedOrigin = t.config.api.corsOrigins[0];
      for (const headers of [{}, { 'Access-Control-Request-Method': 'PATCH' }, { Origin: allowedOrigin }]) {
        const res = await call('options', '/api/account').set(headers);
        expectProblem(res, 400, 'invalid-preflight');
      }
    });
  });

  describe('timeouts', () => {
    it('gives headers 10 s and a whole request 30 s by default, and keeps idle connections 72 s', () => {
      const server = t.app.getHttpServer();
      expect({
        headersTimeout: server.headersTimeout,
        requestTimeout: server.requestTimeout,
        keepAliveTimeout: server.keepAliveTimeout,
      }).toEqual({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 72_000 });
    });

    describe('with short timeouts', () => {
      let short: TestApp;
      let shortPort: number;

      beforeAll(async () => {
        short = await startTestApp(testConfig(), {
          httpTimeouts: { headersMs: 1_000, requestMs: 2_000, checkIntervalMs: 100 },
        });
        await short.app.listen(0, '127.0.0.1');
        shortPort = (short.app.getHttpServer().address() as AddressInfo).port;
      });
      afterAll(() => short.close());

      // Slowloris: headers dripped one line at a time never finish, and are cut all the same.
      const drippedHeaders = Array.from({ length: 10 }, (_, n) => [
        { pauseMs: 300 },
        `X-Drip-${n}: 1\r\n`,
      ]).flat();
      it.each<[string, RawStep[]]>([
        ['a stalled header', ['GET /api/health HTTP/1.1\r\nHost: x\r\n']],
        ['a header sent drop by drop', ['GET /api/health HTTP/1.1\r\nHost: x\r\n', ...drippedHeaders]],
        [
          'a stalled body',
          [
            'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
            '{"email":',
          ],
        ],
      ])(
        'cuts %s with 408 request-timeout and closes',
        async (_name, steps) => {
          const answer = await rawRequest(shortPort, ...steps);
          expectProblem(answer, 408, 'request-timeout');
          expectClosedAndSaid(answer);
        },
        10_000,
      );

      it('lets an idle keep-alive connection wait longer than the header timeout', async () => {
        const answers = await rawAnswers(
          shortPort,
          2,
          'GET /api/health/live HTTP/1.1\r\nHost: x\r\n\r\n',
          { pauseMs: 1_500 },
          'GET /api/health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        );
        expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      }, 10_000);
    });
  });
});
