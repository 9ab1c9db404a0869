import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import { ContactMessage, WebhookEvent } from '@fxrates/db';
import { paypalEventJobId, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { createPublicKey, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { generate } from 'selfsigned';
import request from 'supertest';
import { RECAPTCHA_ACTION } from '../../src/modules/contact/recaptcha.verifier';
import { startTestApp, type TestApp } from '../test-app';
import { testConfig } from '../test-config';
import { accountState, accountWithKey, type Account } from './support/accounts';
import { expectProblem, INTERNALS } from './support/problem';
import {
  activeSubscription,
  goodToken,
  json,
  startScriptedPayPal,
  type ScriptedPayPal,
} from './support/scripted-paypal';
import { startScriptedServer, type ScriptedAnswer, type ScriptedServer } from './support/scripted-server';

/*
 * What PayPal and reCAPTCHA's siteverify answer is consumed as untrusted input: whatever comes back
 * (garbage, wrong types, errors, redirects, nothing), the API answers a problem, grants nothing and
 * fetches nothing else. The rate providers' answers get the same treatment in libs/rates:
 * libs/rates/src/providers/provider-faults.spec.ts (hangs, 5xx, unparseable and shapeless bodies,
 * oversized answers, 429s) and provider-values.spec.ts (values of the wrong type or range).
 */

const PLAN_ID = 'P-BASIC-MONTHLY';
const RECAPTCHA_SECRET = 'unsafe-consumption-secret';
/** Larger than any answer PayPal or Google give, and than the 8 MB the rate providers are read up to. */
const HUGE = 16 * 1024 * 1024;

const newSubscriptionId = () => `I-${randomUUID().replace(/-/g, '').slice(0, 13).toUpperCase()}`;

/** What a refused subscription may answer: PayPal unreadable (502), or a refusal of the subscription. */
const SUBSCRIPTION_REFUSALS: Record<string, number> = {
  'payment-provider-unavailable': 502,
  'subscription-not-found': 404,
  'subscription-owner-mismatch': 403,
  'subscription-plan-mismatch': 422,
  'subscription-not-active': 409,
};

describe('API10:2023 Unsafe Consumption of APIs', () => {
  let paypal: ScriptedPayPal;
  let siteverify: ScriptedServer;
  let listener: ScriptedServer;
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const em = () => t.app.get(MikroORM).em.fork();

  beforeAll(async () => {
    paypal = await startScriptedPayPal();
    siteverify = await startScriptedServer();
    listener = await startScriptedServer(() => json(activeSubscription('I-REDIRECTED', 'x', PLAN_ID)));
    t = await startTestApp(
      testConfig({
        ...paypal.env(`basic.monthly=${PLAN_ID}`),
        PAYPAL_ACTIVATION_POLL_MS: '10',
        RECAPTCHA_SECRET,
        RECAPTCHA_VERIFY_URL: `${siteverify.url}/recaptcha/api/siteverify`,
        TRUST_PROXY: 'true',
        CONTACT_LIMIT_PER_HOUR: '1000',
        CONTACT_ADDRESS_LIMIT_PER_HOUR: '1000',
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([paypal.close(), siteverify.close(), listener.close()]);
  });
  /** A redirect target no answer may send the API to: its connections before the test. */
  let listenerConnections = 0;
  beforeEach(() => {
    listenerConnections = listener.connections();
  });
  afterEach(() => {
    paypal.token = goodToken;
    expect(listener.connections() - listenerConnections).toBe(0);
  });

  describe('PayPal’s answer about a subscription', () => {
    /** Subscribes with PayPal answering `answer` to the lookup; expects a refusal and no change at all. */
    async function expectRefused(answer: (buyer: Account, id: string) => ScriptedAnswer, only?: string) {
      const buyer = await accountWithKey(t);
      const id = newSubscriptionId();
      paypal.subscription = () => answer(buyer, id);
      const before = await accountState(t, buyer.userId);
      const res = await http()
        .post('/api/v1/subscriptions')
        .set('Authorization', `Bearer ${buyer.accessToken}`)
        .send({ plan: 'basic', billingCycle: 'monthly', paypalSubscriptionId: id });
      const code = res.body?.code as string;
      const expected = only ?? code;
      expect([res.status, code]).toEqual([SUBSCRIPTION_REFUSALS[expected] ?? 'a refusal', expected]);
      expect(res.headers['content-type']).toBe('application/problem+json');
      expect(res.body.success).toBe(false);
      expect(res.text).not.toMatch(INTERNALS);
      expect(await accountState(t, buyer.userId)).toEqual(before);
      const usage = await http().get('/api/v1/usage').set('X-API-Key', buyer.key).expect(200);
      expect(usage.body.plan).toBe('free');
    }
    const good = (buyer: Account, id: string) => activeSubscription(id, buyer.userId, PLAN_ID);
    const goodWith = (fields: object) => (buyer: Account, id: string) =>
      json({ ...good(buyer, id), ...fields });

    it('is recorded when it is well-formed, so each refusal below is the garbage’s', async () => {
      const buyer = await accountWithKey(t);
      const id = newSubscriptionId();
      paypal.subscription = () => json(good(buyer, id));
      await http()
        .post('/api/v1/subscriptions')
        .set('Authorization', `Bearer ${buyer.accessToken}`)
        .send({ plan: 'basic', billingCycle: 'monthly', paypalSubscriptionId: id })
        .expect(201);
    });

    it.each<[string, (buyer: Account, id: string) => ScriptedAnswer]>([
      ['truncated JSON', (buyer, id) => ({ body: JSON.stringify(good(buyer, id)).slice(0, 120) })],
      [
        'an HTML page',
        () => ({ headers: { 'content-type': 'text/html' }, body: '<html>Maintenance</html>' }),
      ],
      ['a 500 with an HTML page', () => ({ status: 500, body: '<html>Internal Server Error</html>' })],
      ['a 429', () => json({ name: 'RATE_LIMIT_REACHED' }, 429)],
      ['an empty 200', () => ({ body: '' })],
      ['JSON null', () => ({ body: 'null' })],
      ['a JSON array', (buyer, id) => json([good(buyer, id)])],
      ['a JSON number', () => ({ body: '42' })],
      ['an empty object', () => json({})],
      ['status 42', goodWith({ status: 42 })],
      ['status as an object', goodWith({ status: { toString: 'ACTIVE' } })],
      ['custom_id as an object', goodWith({ custom_id: { $ne: null } })],
      ['custom_id as an array', (buyer, id) => json({ ...good(buyer, id), custom_id: [buyer.userId] })],
      ['plan_id as a number', goodWith({ plan_id: 42 })],
      ['plan_id as an array', goodWith({ plan_id: [PLAN_ID] })],
      ['plan_overridden as the string "true"', goodWith({ plan_overridden: 'true' })],
      ['plan_overridden as 1', goodWith({ plan_overridden: 1 })],
      ['start_time that is not a time', goodWith({ start_time: 'yesterday-ish' })],
      ['next_billing_time that is not a time', goodWith({ billing_info: { next_billing_time: 'soon' } })],
      ['update_time far beyond any date', goodWith({ update_time: '+275760-09-13T00:00:00.001Z' })],
    ])('refuses %s without granting a plan or answering 500', async (_what, answer) => {
      await expectRefused(answer);
    });

    it.each<[string, (buyer: Account, id: string) => ScriptedAnswer]>([
      [
        'the id of another subscription',
        (buyer, id) => json({ ...good(buyer, id), id: newSubscriptionId() }),
      ],
      ['no id', goodWith({ id: undefined })],
      ['an id of the wrong type', goodWith({ id: 42 })],
    ])('refuses an answer with %s as not about what was asked: 502', async (_what, answer) => {
      await expectRefused(answer, 'payment-provider-unavailable');
    });

    it(`refuses an answer of ${HUGE / 1024 / 1024} MB rather than read it all`, async () => {
      await expectRefused((buyer, id) => json({ ...good(buyer, id), padding: 'x'.repeat(HUGE) }));
    }, 30_000);

    it('refuses a redirect, and follows it nowhere', async () => {
      await expectRefused(() => ({
        status: 307,
        headers: { location: `${listener.url}/v1/billing/subscriptions/I-REDIRECTED` },
      }));
    });

    it('gives up on PayPal hanging before or in the middle of its answer: 502', async () => {
      await Promise.all([
        expectRefused(() => ({ hang: 'headers' })),
        expectRefused((buyer, id) => ({ ...json(good(buyer, id)), hang: 'body' })),
      ]);
    }, 30_000);

    it.each<[string, () => ScriptedAnswer]>([
      ['JSON null', () => ({ body: 'null' })],
      ['truncated JSON', () => ({ body: '{"access_token":"A21' })],
      ['a token of the wrong type', () => json({ access_token: { value: 'x' }, expires_in: 32_400 })],
      ['a lifetime as a string', () => json({ access_token: 'A21AAtoken', expires_in: '32400' })],
      ['a redirect', () => ({ status: 302, headers: { location: `${listener.url}/v1/oauth2/token` } })],
    ])('refuses when PayPal’s token endpoint answers %s', async (_what, token) => {
      paypal.token = token;
      // PayPal refusing the cached token makes the client ask for a new one (PayPalClient.call).
      await expectRefused(() => json({ error: 'invalid_token' }, 401));
    });
  });

  describe('PayPal’s answer to a webhook signing certificate fetch', () => {
    /** A delivery signed with `key`, naming a certificate URL on the scripted PayPal not fetched before. */
    const delivery = (key: KeyObject) => {
      const event = {
        id: `WH-${randomUUID()}`,
        event_version: '1.0',
        event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
        resource_type: 'subscription',
        resource: { id: 'I-WEBHOOKSUB01', status: 'ACTIVE' },
      };
      const body = JSON.stringify(event);
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const signed = `${transmissionId}|${time}|${paypal.env('').PAYPAL_WEBHOOK_ID}|${crc32(Buffer.from(body))}`;
      const headers = {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${paypal.server.url}/v1/notifications/certs/CERT-${randomUUID()}`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': sign('sha256', Buffer.from(signed), key).toString('base64'),
        'paypal-transmission-time': time,
      };
      return { event, body, headers };
    };
    let signer: { key: KeyObject; pem: string };
    /** A certificate for `signer`'s key valid from `from` to `to` days from now. */
    const certificate = async (from: number, to: number) =>
      (
        await generate([{ name: 'commonName', value: 'messageverificationcerts.paypal.com' }], {
          keyPair: {
            privateKey: signer.key.export({ type: 'pkcs8', format: 'pem' }).toString(),
            publicKey: createPublicKey(signer.key).export({ type: 'spki', format: 'pem' }).toString(),
          },
          algorithm: 'sha256',
          notBeforeDate: new Date(Date.now() + from * 86_400_000),
          notAfterDate: new Date(Date.now() + to * 86_400_000),
        })
      ).cert;
    beforeAll(async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      signer = { key: privateKey, pem: '' };
      signer.pem = await certificate(-1, 30);
    });
    afterEach(() => (paypal.certificate = () => json({ name: 'RESOURCE_NOT_FOUND' }, 404)));

    it('accepts a delivery signed by the key of the certificate served, so each refusal below is the answer’s', async () => {
      paypal.certificate = () => ({
        headers: { 'content-type': 'application/x-pem-file' },
        body: signer.pem,
      });
      const { body, headers } = delivery(signer.key);
      await http().post('/api/billing/paypal/webhook').set(headers).send(body).expect(200);
    });

    it.each<[string, () => Promise<() => ScriptedAnswer>]>([
      ['a 404', async () => () => json({ name: 'RESOURCE_NOT_FOUND' }, 404)],
      ['an empty body', async () => () => ({ body: '' })],
      ['an HTML page', async () => () => ({ body: '<html>-----BEGIN CERTIFICATE-----</html>' })],
      ['a truncated certificate', async () => () => ({ body: signer.pem.slice(0, 300) })],
      [`${HUGE / 1024 / 1024} MB of garbage`, async () => () => ({ body: 'x'.repeat(HUGE) })],
      [
        'a certificate that expired yesterday',
        async () => {
          const pem = await certificate(-30, -1);
          return () => ({ body: pem });
        },
      ],
      [
        'a certificate valid from tomorrow',
        async () => {
          const pem = await certificate(1, 30);
          return () => ({ body: pem });
        },
      ],
      ['a certificate of another key', async () => () => ({ body: signer.pem })],
      ['a 500', async () => () => ({ status: 500, body: '' })],
      ['a redirect', async () => () => ({ status: 307, headers: { location: `${listener.url}/cert.pem` } })],
    ])(
      'refuses a delivery when the certificate URL answers %s, and stores or queues nothing',
      async (what, make) => {
        paypal.certificate = await make();
        const other = what === 'a certificate of another key';
        const { event, body, headers } = delivery(
          other ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : signer.key,
        );
        const res = await http().post('/api/billing/paypal/webhook').set(headers).send(body);
        const code = res.body?.code as string;
        expect([res.status, code]).toEqual(
          code === 'webhook-signature-invalid' ? [400, code] : [502, 'payment-provider-unavailable'],
        );
        expect(res.headers['content-type']).toBe('application/problem+json');
        expect(await em().find(WebhookEvent, { eventId: event.id })).toEqual([]);
        const queue = t.app.get<Queue>(getQueueToken(QUEUES.paypalWebhooks));
        expect(await queue.getJob(paypalEventJobId(event.id))).toBeUndefined();
        expect(paypal.verifyCalls).toBe(0);
      },
    );
  });

  describe('siteverify’s answer about a contact form token', () => {
    /** Google's verdict on a good token, as siteverify writes it. */
    const verdict = { success: true, action: RECAPTCHA_ACTION, score: 0.9, hostname: 'localhost' };
    /** Sends the form with siteverify answering `answer`; returns the answer and whether it was stored. */
    async function send(answer: () => ScriptedAnswer, token = `token-${randomUUID()}`) {
      siteverify.script = answer;
      const subject = `Consumption ${randomUUID()}`;
      const res = await http()
        .post('/api/v1/contact')
        .set('X-Forwarded-For', '198.51.100.10')
        .send({ name: 'Ada', email: 'ada@example.com', subject, message: 'Hello', recaptchaToken: token });
      const stored = await em().find(ContactMessage, { subject });
      return { res, stored, token };
    }

    it('accepts a real verdict, so each refusal below is the garbage’s', async () => {
      const { res, stored } = await send(() => json(verdict));
      expect(res.status).toBe(202);
      expect(stored).toHaveLength(1);
    });

    it.each<[string, () => ScriptedAnswer]>([
      ['truncated JSON', () => ({ body: '{"success":tr' })],
      ['JSON null', () => ({ body: 'null' })],
      ['a JSON array', () => json([verdict])],
      ['a JSON string', () => json('success')],
      ['a 500', () => ({ status: 500, body: 'oops' })],
      ['an HTML page', () => ({ body: '<html>reCAPTCHA</html>' })],
      [`${HUGE / 1024 / 1024} MB of garbage`, () => ({ body: 'x'.repeat(HUGE) })],
      ['a body that stops halfway', () => ({ ...json(verdict), hang: 'body' })],
      ['a redirect', () => ({ status: 302, headers: { location: `${listener.url}/siteverify` } })],
    ])(
      'answers 503 recaptcha-unavailable when siteverify answers %s, stores nothing, and lets the token be sent again',
      async (_what, answer) => {
        const first = await send(answer);
        expectProblem(first.res, 503, 'recaptcha-unavailable');
        expect(first.res.headers['retry-after']).toBe('60');
        expect(first.stored).toEqual([]);
        const again = await send(() => json(verdict), first.token);
        expect(again.res.status).toBe(202);
      },
      15_000,
    );

    it.each<[string, object]>([
      ['success as the string "false"', { ...verdict, success: 'false' }],
      ['success as 1', { ...verdict, success: 1 }],
      ['a score as a string', { ...verdict, score: '0.9' }],
      ['an action of the wrong type', { ...verdict, action: ['contact_form'] }],
      ['a hostname of the wrong type', { ...verdict, hostname: ['localhost'] }],
    ])('does not take %s for a human: 400 recaptcha-failed, nothing stored', async (_what, body) => {
      const { res, stored } = await send(() => json(body));
      expectProblem(res, 400, 'recaptcha-failed');
      expect(stored).toEqual([]);
    });
  });
});
