import { MikroORM } from '@mikro-orm/postgresql';
import { WebhookEvent } from '@fxrates/db';
import { refusedWebhookTargets } from '@fxrates/testing';
import request from 'supertest';
import type { SignedDelivery } from '../../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startSiteverifyStandIn, type SiteverifyStandIn } from '../support/siteverify-stand-in';
import type { TestApp } from '../test-app';
import { bearer, accountWithKey, type Account } from './support/accounts';
import { BASIC_MONTHLY, startBillingApp, subscribe, type BillingApp } from './support/billing';
import { expectProblem } from './support/problem';
import { startScriptedServer, type ScriptedServer } from './support/scripted-server';

/**
 * Where the server fetches a URL (grep `fetch(`, `http.request`, `undici` in services/ and libs/):
 * - libs/paypal/src/paypal-client.ts: PAYPAL_API_BASE_URL from config. From a request come only the
 *   subscription id (a path segment, `^[A-Za-z0-9-]{3,50}$` and percent-encoded) and a webhook's
 *   PAYPAL-* headers, which go to PayPal's verify-webhook-signature as data; PAYPAL-CERT-URL must
 *   be https on a paypal.com host and is never fetched by us.
 * - services/api/src/modules/contact/recaptcha.verifier.ts: RECAPTCHA_VERIFY_URL from config; the
 *   token and the client address go in the form body.
 * - services/worker (rate providers, ECB and Frankfurter history, SMTP): URLs from config only, no
 *   request reaches them.
 * - services/worker/src/webhooks (outgoing webhooks): the one URL a customer gives us. The API takes
 *   it only as https, without credentials, and not as an IP literal (in any notation) or localhost of a
 *   refused range (below); the worker resolves it at each send, refuses any refused address, connects
 *   to the vetted address and follows no redirect (services/worker/test/webhooks-ssrf.e2e-spec.ts).
 * The tests below send URLs of a loopback listener everywhere a request can carry one, and check
 * that the listener is never contacted and that every URL the API fetched starts with a configured base.
 */
const SECRET = 'ssrf-recaptcha-secret';

describe('API7:2023 Server Side Request Forgery', () => {
  let billing: BillingApp;
  let t: TestApp;
  let siteverify: SiteverifyStandIn;
  let listener: ScriptedServer;
  let alice: Account;
  /** Every URL the API process fetched, in order. */
  const fetched: string[] = [];
  const realFetch = globalThis.fetch;
  const http = () => request(t.app.getHttpServer());
  const em = () => t.app.get(MikroORM).em.fork();

  /** URLs that name the listener in the ways an allow-list or a parser might get wrong. */
  const hostileUrls = () => {
    const at = `127.0.0.1:${listener.port}`;
    return [
      `http://${at}/cert.pem`,
      `https://${at}/cert.pem`,
      `https://api.paypal.com@${at}/cert.pem`,
      `https://api.paypal.com:x@${at}/cert.pem`,
      `https://${at}/#.paypal.com`,
      `https://${at}/?.paypal.com`,
      `https://${at}\\.paypal.com/cert.pem`,
      `https://localhost:${listener.port}/.paypal.com`,
      `https://[::ffff:127.0.0.1]:${listener.port}/cert.pem`,
      `https://2130706433:${listener.port}/cert.pem`,
      `https://api.paypal.com.127.0.0.1.nip.io:${listener.port}/cert.pem`,
      `https://api.paypal.com%2F@${at}/cert.pem`,
      `//${at}/cert.pem`,
      `gopher://${at}/_GET%20/`,
      'file:///etc/passwd',
    ];
  };

  /** Nothing reached the listener, and the API fetched only from PayPal and siteverify. */
  function expectNoForgedRequest() {
    expect(listener.connections()).toBe(0);
    const allowed = [billing.paypal.url, siteverify.url.replace(/\/recaptcha\/.*$/, '')];
    expect(fetched.filter((url) => !allowed.some((base) => url.startsWith(`${base}/`)))).toEqual([]);
  }

  beforeAll(async () => {
    listener = await startScriptedServer(() => ({ body: '-----BEGIN CERTIFICATE-----' }));
    siteverify = await startSiteverifyStandIn(SECRET);
    billing = await startBillingApp({
      RECAPTCHA_SECRET: SECRET,
      RECAPTCHA_VERIFY_URL: siteverify.url,
      TRUST_PROXY: 'true',
    });
    t = billing.t;
    alice = await accountWithKey(t);
    globalThis.fetch = (input, init) => {
      fetched.push(input instanceof Request ? input.url : String(input));
      return realFetch(input, init);
    };
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await billing.close();
    await siteverify.close();
    await listener.close();
  });
  afterEach(() => expectNoForgedRequest());

  describe('PAYPAL-CERT-URL of a webhook delivery', () => {
    const deliver = ({ body, headers }: SignedDelivery) =>
      http().post('/api/billing/paypal/webhook').set(headers).send(body);
    const newDelivery = () => {
      const id = billing.paypal.createSubscription({ plan_id: BASIC_MONTHLY, custom_id: alice.userId }).id;
      const event = billing.paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', id);
      return { event, delivery: billing.paypal.sign(event) };
    };

    it('is refused for every URL that is not https on a PayPal host, before PayPal is asked', async () => {
      for (const certUrl of hostileUrls()) {
        const { event, delivery } = newDelivery();
        const before = billing.paypal.requests.length;
        const res = await deliver({
          ...delivery,
          headers: { ...delivery.headers, 'paypal-cert-url': certUrl },
        });
        expect([certUrl, res.status, res.body.code]).toEqual([certUrl, 400, 'webhook-signature-invalid']);
        expect([certUrl, billing.paypal.requests.slice(before)]).toEqual([certUrl, []]);
        expect(await em().find(WebhookEvent, { eventId: event.id })).toEqual([]);
      }
    });

    it('is fetched only from the PayPal configured (its own certificate path), once, and never handed on', async () => {
      await billing.paypal.rotateCertificate();
      const before = fetched.length;
      for (let i = 0; i < 3; i++) await deliver(newDelivery().delivery).expect(200);
      expect(fetched.slice(before)).toEqual([billing.paypal.certUrl]);
    });

    it('goes nowhere from the other PAYPAL-* headers either', async () => {
      const { delivery } = newDelivery();
      const url = `http://127.0.0.1:${listener.port}/`;
      const headers = {
        ...delivery.headers,
        'paypal-transmission-id': url,
        'paypal-transmission-time': url,
        'paypal-auth-algo': url,
      };
      expectProblem(await deliver({ ...delivery, headers }), 400, 'webhook-signature-invalid');
    });
  });

  describe('the PayPal subscription id', () => {
    it.each([
      'http://127.0.0.1:LISTENER/',
      '../../v1/oauth2/token',
      '..%2F..%2Fv1%2Foauth2%2Ftoken',
      'I-ABC/../../../x',
      'I-ABC?redirect=http://127.0.0.1:LISTENER/',
      'I-ABC#@127.0.0.1:LISTENER',
      'I-ABC\r\nHost: 127.0.0.1:LISTENER',
      '@127.0.0.1:LISTENER',
    ])('refuses %j with 400 before PayPal is asked', async (raw) => {
      const id = raw.replaceAll('LISTENER', String(listener.port));
      const before = billing.paypal.requests.length;
      expectProblem(await subscribe(t, alice, { paypalSubscriptionId: id }), 400, 'validation-failed');
      expect(billing.paypal.requests.slice(before)).toEqual([]);
    });

    it('is only ever a path segment under PayPal’s base URL', async () => {
      const id = billing.paypal.createSubscription({ plan_id: BASIC_MONTHLY, custom_id: alice.userId }).id;
      const before = fetched.length;
      await subscribe(t, alice, { paypalSubscriptionId: id }).expect(201);
      // The query (which fields PayPal should include) is ours; the id only ever fills its segment.
      const lookups = fetched.slice(before).filter((url) => url.includes('/billing/'));
      expect(lookups.map((url) => url.split('?')[0])).toEqual([
        `${billing.paypal.url}/v1/billing/subscriptions/${id}`,
      ]);
    });
  });

  it('sends the contact form’s token and the client address to siteverify as form data only', async () => {
    const url = `http://127.0.0.1:${listener.port}/`;
    const before = fetched.length;
    const res = await http()
      .post('/api/v1/contact')
      .set('X-Forwarded-For', '198.51.100.9')
      .send({ name: url, email: 'a@example.com', subject: url, message: url, recaptchaToken: `good-${url}` });
    expect(res.status).toBe(202);
    expect(fetched.slice(before)).toEqual([siteverify.url]);
    expect(siteverify.requests.at(-1)!.get('response')).toBe(`good-${url}`);
  });

  describe('a webhook endpoint URL', () => {
    /** The listener's loopback address, and the other refused ranges, in every notation a URL allows. */
    const refusedTargets = () => refusedWebhookTargets(listener.port);

    it('is refused at creation and on change for every IP literal notation of a refused range, on both surfaces', async () => {
      const surfaces = [
        ['/api/webhooks', { Authorization: bearer(alice) }],
        ['/api/v1/webhooks', { 'X-API-Key': alice.key }],
      ] as const;
      for (const [base, headers] of surfaces) {
        for (const url of refusedTargets()) {
          const res = await http()
            .post(base)
            .set(headers)
            .send({ url, events: ['rates.published'] });
          expect([base, url, res.status, res.body.code]).toEqual([
            base,
            url,
            400,
            'webhook-url-private-address',
          ]);
        }
        for (const url of [
          `http://127.0.0.1:${listener.port}/`,
          'gopher://127.0.0.1/',
          'file:///etc/passwd',
        ]) {
          const res = await http()
            .post(base)
            .set(headers)
            .send({ url, events: ['rates.published'] });
          expect([base, url, res.status, res.body.code]).toEqual([base, url, 400, 'webhook-url-not-https']);
        }
        const creds = await http()
          .post(base)
          .set(headers)
          .send({ url: `https://example.com@127.0.0.1:${listener.port}/`, events: ['rates.published'] });
        expect(creds.body.code).toBe('webhook-url-credentials');
      }
      const kept = await http()
        .post('/api/webhooks')
        .set('Authorization', bearer(alice))
        .send({ url: 'https://hooks.example.com/fx', events: ['rates.published'] })
        .expect(201);
      for (const url of refusedTargets()) {
        const res = await http()
          .patch(`/api/webhooks/${kept.body.endpoint.id as string}`)
          .set('Authorization', bearer(alice))
          .send({ url });
        expect([url, res.status, res.body.code]).toEqual([url, 400, 'webhook-url-private-address']);
      }
      await http()
        .delete(`/api/webhooks/${kept.body.endpoint.id as string}`)
        .set('Authorization', bearer(alice))
        .expect(204);
    });
  });

  it('fetches nothing a request names, on any documented operation, from any header, field or parameter', async () => {
    const doc = (await http().get('/api/docs-json').expect(200)).body as OpenApiDocument;
    const session = (await http().post('/api/auth/session').expect(201)).body.sessionToken as string;
    const hostile = `http://127.0.0.1:${listener.port}/`;
    const headers = {
      Authorization: bearer(alice),
      'X-API-Key': alice.key,
      'X-Session-Token': session,
      'X-Forwarded-Host': `127.0.0.1:${listener.port}`,
      'X-Forwarded-Proto': 'http',
      Forwarded: `host=127.0.0.1:${listener.port};proto=http`,
      Referer: hostile,
      Origin: `http://127.0.0.1:${listener.port}`,
      'X-Original-URL': hostile,
      'X-Rewrite-URL': hostile,
      'paypal-cert-url': hostile,
    };
    let sent = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const url of [hostile, ...hostileUrls()]) {
          const target = path.replace(/\{\w+\}/g, encodeURIComponent(url));
          const query = (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => `${parameter.name}=${encodeURIComponent(url)}`)
            .join('&');
          const call = http()[method as 'get' | 'post' | 'patch'](`${target}${query ? `?${query}` : ''}`);
          await call.set(headers).send(bodyOf(doc, operation, url));
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
  }, 60_000);
});

interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}
interface OperationObject {
  parameters?: { name: string; in: string }[];
  requestBody?: {
    content: Record<string, { schema: { $ref?: string; properties?: Record<string, unknown> } }>;
  };
}

/** A JSON body with `value` in every property the operation documents, or none if it takes no body. */
function bodyOf(doc: OpenApiDocument, operation: OperationObject, value: string): object | undefined {
  const schema = operation.requestBody?.content['application/json']?.schema;
  if (!schema) return undefined;
  const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;
  return Object.fromEntries(Object.keys(resolved.properties ?? {}).map((name) => [name, value]));
}
