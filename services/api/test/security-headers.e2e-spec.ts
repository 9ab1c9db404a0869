import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { signedInUser } from './support/signed-in';
import { keysOnPlans } from './support/plan-keys';
import { rawRequest } from './support/raw-http';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

type Headers = Record<string, string | string[] | undefined>;

const ORIGIN = 'https://app.example.test';

/** What every answer of Fastify or Node must carry (HSTS only behind TLS, see below). */
const SECURITY_HEADERS = {
  'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': undefined,
};
/** What a data answer served before Fastify carries: the strictest policy, in fewer headers. */
const DATA_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': undefined,
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': undefined,
  'cross-origin-resource-policy': undefined,
  'strict-transport-security': undefined,
};
const HSTS = 'max-age=31536000; includeSubDomains';

function securityHeadersOf(headers: Headers): Record<string, unknown> {
  return Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, headers[name]]));
}

/** A CSP as its directives' source lists. */
function parseCsp(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** The sources a fetch directive allows, falling back to default-src as browsers do. */
function sourcesFor(csp: Map<string, string[]>, directive: string): string[] {
  return csp.get(directive) ?? csp.get('default-src') ?? [];
}

function accessControlHeaders(headers: Headers): string[] {
  return Object.keys(headers).filter((name) => name.startsWith('access-control-'));
}

describe('security headers and CORS', () => {
  let t: TestApp;
  let port: number;
  let apiKey: string;
  let accessToken: string;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await startTestApp(testConfig({ CORS_ORIGINS: `${ORIGIN},http://localhost:3000` }));
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    ({ accessToken } = await signedInUser(t.app));
    ({ free: apiKey } = await keysOnPlans(t.app, ['free']));
  });
  afterAll(() => t.close());

  describe('security headers', () => {
    it('are on every kind of answer: Nest, Fastify and Node-level alike, before Fastify the data set', async () => {
      const dataAnswers: [string, { status: number; headers: Headers }][] = [
        ['a metered route before Fastify', await http().get('/api/v1/currencies').set('X-API-Key', apiKey)],
        ['a problem before Fastify', await http().get('/api/v1/currencies')],
      ];
      for (const [what, answer] of dataAnswers) {
        expect([what, answer.status < 500, securityHeadersOf(answer.headers)]).toEqual([
          what,
          true,
          DATA_SECURITY_HEADERS,
        ]);
      }
      const answers: [string, { status: number; headers: Headers }][] = [
        ['a controller', await http().get('/api/billing/plans')],
        ['a validation problem', await http().post('/api/auth/login').send({})],
        ['an unknown route', await http().get('/api/no-such-route')],
        [
          'a metered route on Fastify (CORS)',
          await http().get('/api/v1/currencies').set('X-API-Key', apiKey).set('Origin', ORIGIN),
        ],
        ['Swagger UI', await http().get('/api/docs')],
        [
          'a CORS preflight',
          await http()
            .options('/api/account')
            .set('Origin', ORIGIN)
            .set('Access-Control-Request-Method', 'PATCH'),
        ],
        [
          'a URL the router cannot decode',
          await rawRequest(port, 'GET /api/%zz HTTP/1.1\r\nHost: x\r\n\r\n'),
        ],
        [
          'headers Node refuses',
          await rawRequest(
            port,
            `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
          ),
        ],
      ];
      const policies = new Set<unknown>();
      for (const [what, answer] of answers) {
        expect([what, answer.status < 500, securityHeadersOf(answer.headers)]).toEqual([
          what,
          true,
          SECURITY_HEADERS,
        ]);
        policies.add(answer.headers['content-security-policy']);
      }
      expect(policies.size).toBe(1);
    });

    it('keep scripts, objects and framing out', async () => {
      const res = await http().get('/api/health');
      const csp = parseCsp(res.headers['content-security-policy'] as string);
      expect({
        default: csp.get('default-src'),
        script: sourcesFor(csp, 'script-src'),
        scriptAttributes: csp.get('script-src-attr'),
        object: csp.get('object-src'),
        frameAncestors: csp.get('frame-ancestors'),
        base: csp.get('base-uri'),
        form: csp.get('form-action'),
      }).toEqual({
        default: ["'self'"],
        script: ["'self'"],
        scriptAttributes: ["'none'"],
        object: ["'none'"],
        frameAncestors: ["'none'"],
        base: ["'self'"],
        form: ["'self'"],
      });
    });

    it('let Swagger UI load everything its page references', async () => {
      const page = await http().get('/api/docs').expect(200);
      const csp = parseCsp(page.headers['content-security-policy'] as string);
      const html = page.text;

      // Scripts: all files of ours (script-src 'self', no inline script to hash or allow).
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      expect(sourcesFor(csp, 'script-src')).toEqual(["'self'"]);
      const scriptUrls = scripts.map(([, attributes, inline]) => {
        expect(inline.trim()).toBe('');
        return /src=["']([^"']+)["']/.exec(attributes)?.[1] ?? '';
      });
      // Styles: a stylesheet of ours and an inline <style> block.
      const styleUrls = [...html.matchAll(/<link[^>]*rel=["']?stylesheet[^>]*>/g)].map(
        ([tag]) => /href=["']([^"']+)["']/.exec(tag)?.[1] ?? '',
      );
      expect(html).toMatch(/<style>/);
      expect(sourcesFor(csp, 'style-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));

      const base = new URL(`http://127.0.0.1:${port}/api/docs`);
      const assets = [
        ...scriptUrls.map((url) => [url, /javascript/] as const),
        ...styleUrls.map((url) => [url, /text\/css/] as const),
      ];
      for (const [url, type] of assets) {
        const resolved = new URL(url, base);
        expect([url, resolved.origin]).toEqual([url, base.origin]);
        // nosniff: a script or stylesheet of another media type would be refused.
        const asset = await http().get(resolved.pathname).expect(200);
        expect([url, asset.headers['content-type']]).toEqual([url, expect.stringMatching(type)]);
        if (url.endsWith('.css') && asset.text.includes('url(data:')) {
          expect(sourcesFor(csp, 'img-src')).toContain('data:');
        }
      }
      // The document the UI fetches is ours too (connect-src falls back to 'self').
      const init = scriptUrls.find((url) => url.includes('swagger-ui-init'));
      const initScript = await http().get(new URL(init!, base).pathname).expect(200);
      expect(initScript.text).toMatch(/"openapi"|url: ["']\/?api\/docs-json/);
      expect(sourcesFor(csp, 'connect-src')).toEqual(["'self'"]);
    });

    it('add HSTS only when the request came over TLS, as a trusted proxy says', async () => {
      const behindProxy = await startTestApp(testConfig({ TRUST_PROXY: 'true' }));
      try {
        const proxied = () => request(behindProxy.app.getHttpServer());
        const hstsOf = async (call: request.Test) => (await call).headers['strict-transport-security'];
        for (const path of ['/api/billing/plans', '/api/v1/currencies']) {
          expect([path, await hstsOf(proxied().get(path).set('X-Forwarded-Proto', 'https'))]).toEqual([
            path,
            HSTS,
          ]);
          expect([path, await hstsOf(proxied().get(path))]).toEqual([path, undefined]);
          // The nearest proxy (the last value) received plain HTTP.
          expect([path, await hstsOf(proxied().get(path).set('X-Forwarded-Proto', 'https, http'))]).toEqual([
            path,
            undefined,
          ]);
          // Without TRUST_PROXY, anyone could write the header.
          expect([path, await hstsOf(http().get(path).set('X-Forwarded-Proto', 'https'))]).toEqual([
            path,
            undefined,
          ]);
        }
      } finally {
        await behindProxy.close();
      }
    });
  });

  describe('CORS', () => {
    const preflight = (origin: string, method: string) =>
      http()
        .options('/api/account')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', method)
        .set('Access-Control-Request-Headers', 'authorization,content-type');

    it('grants the web app every method it uses, PATCH included', async () => {
      for (const method of ['GET', 'POST', 'PATCH']) {
        const res = await preflight(ORIGIN, method).expect(204);
        expect({
          origin: res.headers['access-control-allow-origin'],
          credentials: res.headers['access-control-allow-credentials'],
          methods: (res.headers['access-control-allow-methods'] as string).split(/,\s*/),
          headers: res.headers['access-control-allow-headers'],
        }).toEqual({
          origin: ORIGIN,
          credentials: 'true',
          methods: expect.arrayContaining([method]),
          headers: 'authorization,content-type',
        });
      }
    });

    it('lets the web app really PATCH its account', async () => {
      const res = await http()
        .patch('/api/account')
        .set('Origin', ORIGIN)
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ company: 'Engines' })
        .expect(200);
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    });

    it('refuses a preflight from another origin with a problem and no grant', async () => {
      const res = await preflight('https://evil.example', 'PATCH');
      expect({ status: res.status, type: res.headers['content-type'], code: res.body.code }).toEqual({
        status: 403,
        type: 'application/problem+json',
        code: 'origin-not-allowed',
      });
      expect(accessControlHeaders(res.headers)).toEqual([]);
    });

    it('grants nothing to another origin, or to a call without one', async () => {
      for (const origin of ['https://evil.example', undefined]) {
        const call = http().get('/api/billing/plans');
        const res = await (origin ? call.set('Origin', origin) : call).expect(200);
        expect([origin, accessControlHeaders(res.headers)]).toEqual([origin, []]);
      }
    });

    it('exposes the rate-limit headers, Retry-After and X-Request-Id to the allowed origins', async () => {
      const res = await http()
        .get('/api/v1/rates/rate?from=USD&to=EUR')
        .set('X-API-Key', apiKey)
        .set('Origin', ORIGIN)
        .expect(200);
      const exposed = (res.headers['access-control-expose-headers'] as string).split(/,\s*/);
      expect(exposed.map((name) => name.toLowerCase()).sort()).toEqual(
        [
          'ratelimit',
          'ratelimit-policy',
          'x-ratelimit-limit',
          'x-ratelimit-remaining',
          'x-ratelimit-reset',
          'retry-after',
          'x-request-id',
          // An export's validator and file name.
          'etag',
          'content-disposition',
          // The next page of a paged list (GET /api/keys/disabled).
          'link',
        ].sort(),
      );
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    });
  });
});
