import { MikroORM } from '@mikro-orm/postgresql';
import { WebhookEvent } from '@fxrates/db';
import { getQueueToken } from '@nestjs/bullmq';
import { paypalEventJobId, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { payPalEnv, webhookCallsTo } from './support/paypal-env';
import {
  startPayPalStandIn,
  type PayPalStandIn,
  type SignedDelivery,
} from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { PAYPAL_WEBHOOK_BODY_LIMIT_BYTES } from '../src/modules/billing/webhook-delivery';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';
import { until } from '../../worker/test/support/waiting';
import { expectProblem } from './security/support/problem';

/** PayPalWebhookCertificates' defaults: fetches at once, and fetches waiting for a turn. */
const CERT_FETCHES_AT_ONCE = 2;
const CERT_FETCHES_QUEUED = 16;
/** Its cache of certificates (and, apart, of refused certificate URLs). */
const CERT_CACHE_ENTRIES = 32;

describe('POST /api/billing/paypal/webhook', () => {
  let paypal: PayPalStandIn;
  let t: TestApp;
  let queue: Queue;

  const deliver = ({ body, headers }: SignedDelivery) =>
    request(t.app.getHttpServer()).post('/api/billing/paypal/webhook').set(headers).send(body);
  const stored = (eventId: string) => t.app.get(MikroORM).em.fork().find(WebhookEvent, { eventId });
  const newEvent = (type = 'BILLING.SUBSCRIPTION.ACTIVATED') =>
    paypal.event(type, paypal.createSubscription({ plan_id: 'P-BASIC-ANNUAL', custom_id: 'someone' }).id);

  async function expectRefused(
    delivery: SignedDelivery,
    eventId: string,
    status = 400,
    code = 'webhook-signature-invalid',
  ) {
    const res = await deliver(delivery).expect(status);
    expect(res.body.code).toBe(code);
    expect(await stored(eventId)).toEqual([]);
    expect(await queue.getJob(paypalEventJobId(eventId))).toBeUndefined();
  }
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ plans: { 'P-BASIC-ANNUAL': { interval: 'YEAR', price: '167.88' } } });
    t = await startTestApp(
      testConfig({
        ...payPalEnv(paypal, 'basic.annual=P-BASIC-ANNUAL'),
        // A certificate fetch the stand-in holds open is never given up on while a test looks at it.
        PAYPAL_CERT_TIMEOUT_MS: '300000',
      }),
    );
    queue = t.app.get<Queue>(getQueueToken(QUEUES.paypalWebhooks));
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });
  afterEach(() => {
    paypal.down = false;
    paypal.releaseCertificateFetches();
  });
  /** A delivery that passes every check made before its certificate is fetched, naming `certUrl`. */
  const namingCertificate = (certUrl: string): SignedDelivery => {
    const delivery = paypal.sign(newEvent());
    return { ...delivery, headers: { ...delivery.headers, 'paypal-cert-url': certUrl } };
  };
  let unknownCerts = 0;
  /** A certificate URL on PayPal's host (here the stand-in's) of PayPal's form that names no certificate. */
  const unknownCertUrl = () =>
    `${paypal.url}/v1/notifications/certs/CERT-NONE-${Date.now()}-${++unknownCerts}`;

  it('stores a genuine event and queues it under its event id before answering 200', async () => {
    const event = newEvent();
    const requestId = `paypal-${event.id}`;
    const res = await deliver(paypal.sign(event)).set('X-Request-Id', requestId).expect(200);
    expect(res.body).toEqual({ received: true });
    const [row] = await stored(event.id);
    expect(row).toMatchObject({
      provider: 'paypal',
      type: 'BILLING.SUBSCRIPTION.ACTIVATED',
      resourceId: event.resource.id,
      processedAt: null,
    });
    expect(row.payload).toEqual(event);
    const job = await queue.getJob(paypalEventJobId(event.id));
    // With the event itself, which the worker stores should this instance not have (PostgreSQL down),
    // and the delivery's request id, which the worker's log lines of the job carry.
    expect(job?.data).toEqual({ eventId: event.id, event, requestId });
    expect(job?.opts.attempts).toBe(5); // PAYPAL_EVENT_ATTEMPTS
  });

  it('names the subscription of a sale by its billing agreement id', async () => {
    const event = newEvent('PAYMENT.SALE.COMPLETED');
    await deliver(paypal.sign(event)).expect(200);
    expect((await stored(event.id))[0].resourceId).toBe(event.resource.billing_agreement_id);
  });

  it('stores a refund, whose resource names only the sale, and queues it for the worker', async () => {
    const id = paypal.createSubscription({ plan_id: 'P-BASIC-ANNUAL', custom_id: 'someone' }).id;
    const refund = paypal.refund(id);
    const event = paypal.event('PAYMENT.SALE.REFUNDED', id);
    expect(event).toMatchObject({
      resource_type: 'refund',
      resource: { id: refund.id, sale_id: refund.sale_id },
    });
    await deliver(paypal.sign(event)).expect(200);
    expect((await stored(event.id))[0]).toMatchObject({ type: 'PAYMENT.SALE.REFUNDED', resourceId: null });
    expect((await queue.getJob(paypalEventJobId(event.id)))?.data).toMatchObject({
      eventId: event.id,
      event,
    });
  });

  it('names the subscription of a reversed sale by its billing agreement id', async () => {
    const id = paypal.createSubscription({ plan_id: 'P-BASIC-ANNUAL', custom_id: 'someone' }).id;
    paypal.reverse(id);
    const event = paypal.event('PAYMENT.SALE.REVERSED', id);
    expect(event.resource).toMatchObject({ state: 'reversed', billing_agreement_id: id });
    await deliver(paypal.sign(event)).expect(200);
    expect((await stored(event.id))[0].resourceId).toBe(id);
  });

  it('refuses a tampered body with 400 and stores nothing', async () => {
    const event = newEvent();
    const delivery = paypal.sign(event);
    await expectRefused({ ...delivery, body: delivery.body.replace('ACTIVATED', 'CANCELLED') }, event.id);
  });

  it('refuses an event signed for another webhook id', async () => {
    const event = newEvent();
    await expectRefused(paypal.sign(event, { webhookId: 'SOMEONEELSESWEBHOOK' }), event.id);
  });

  it.each([
    'https://attacker.example/cert.pem',
    'http://api.paypal.com/v1/notifications/certs/CERT-1',
    'https://api.paypal.com.attacker.example/cert.pem',
    'https://api.paypal.com:8443/cert.pem',
    'not a url',
  ])('refuses certificate URL %s without asking anyone', async (certUrl) => {
    const event = newEvent();
    const delivery = paypal.sign(event);
    const before = paypal.requests.length;
    await expectRefused(
      { ...delivery, headers: { ...delivery.headers, 'paypal-cert-url': certUrl } },
      event.id,
    );
    expect(paypal.requests.slice(before)).toEqual([]);
  });

  it.each(['paypal-transmission-sig', 'paypal-transmission-id', 'paypal-auth-algo'])(
    'refuses a delivery without %s',
    async (name) => {
      const event = newEvent();
      const delivery = paypal.sign(event);
      const headers = { ...delivery.headers };
      delete headers[name];
      await expectRefused({ ...delivery, headers }, event.id);
    },
  );

  it('accepts the same event delivered 20 times at once, storing and queuing it once', async () => {
    const event = newEvent();
    const delivery = paypal.sign(event);
    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(delivery)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await stored(event.id)).toHaveLength(1);
    const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(jobs.filter((job) => job.data.eventId === event.id)).toHaveLength(1);
  });

  it('verifies deliveries itself: PayPal is never asked, its certificate fetched once for all of them', async () => {
    const calls = webhookCallsTo(paypal);
    const events = Array.from({ length: 10 }, () => newEvent());
    for (const event of events) await deliver(paypal.sign(event)).expect(200);
    for (const event of events) expect(await stored(event.id)).toHaveLength(1);
    // Fetched once in this suite (here, or by an earlier test), never per delivery.
    const { verify, certificates, other } = calls();
    expect({ verify, other }).toEqual({ verify: 0, other: [] });
    expect(certificates.length).toBeLessThanOrEqual(1);
  });

  it('checks the CRC32 of the body’s bytes, non-ASCII text included', async () => {
    const event = { ...newEvent(), summary: 'Abonnement activé — 月額 ✓ 🎉' };
    const delivery = paypal.sign(event);
    expect(Buffer.byteLength(delivery.body)).toBeGreaterThan(delivery.body.length);
    await deliver(delivery).expect(200);
    expect((await stored(event.id))[0].payload.summary).toBe(event.summary);
    const tampered = { ...newEvent(), summary: 'Abonnement activé' };
    const signed = paypal.sign(tampered);
    await expectRefused({ ...signed, body: signed.body.replace('activé', 'active') }, tampered.id);
  });

  it.each([
    ['an hour ago', -60],
    ['six minutes ago', -6],
    ['six minutes ahead', 6],
  ])(
    'refuses a genuinely signed delivery sent %s: 400 webhook-stale, without fetching anything',
    async (_when, minutes) => {
      const calls = webhookCallsTo(paypal);
      const event = newEvent();
      await expectRefused(
        paypal.sign(event, { transmissionTime: minutesFromNow(minutes) }),
        event.id,
        400,
        'webhook-stale',
      );
      expect(calls()).toEqual({ verify: 0, certificates: [], other: [] });
    },
  );

  it('accepts a delivery sent four minutes ago or ahead (clocks differ)', async () => {
    for (const minutes of [-4, 4]) {
      const event = newEvent();
      await deliver(paypal.sign(event, { transmissionTime: minutesFromNow(minutes) })).expect(200);
    }
  });

  it('refuses an algorithm it does not verify without asking PayPal', async () => {
    const calls = webhookCallsTo(paypal);
    const event = newEvent();
    const delivery = paypal.sign(event);
    await expectRefused(
      { ...delivery, headers: { ...delivery.headers, 'paypal-auth-algo': 'SHA1withRSA' } },
      event.id,
    );
    expect(calls()).toEqual({ verify: 0, certificates: [], other: [] });
  });

  it('takes a transmission once: the same delivery again is 200 with nothing done, another body under its id 409', async () => {
    const event = newEvent();
    const delivery = paypal.sign(event);
    await deliver(delivery).expect(200);
    await queue.remove(paypalEventJobId(event.id));
    await deliver(delivery).expect(200);
    // Nothing done for the copy: not queued again.
    expect(await queue.getJob(paypalEventJobId(event.id))).toBeUndefined();
    const other = newEvent();
    const replayed = paypal.sign(other, { transmissionId: delivery.headers['paypal-transmission-id'] });
    await expectRefused(replayed, other.id, 409, 'webhook-replayed');
  });

  it('does not let a forgery carrying a genuine transmission id keep the genuine delivery out', async () => {
    const event = newEvent();
    const genuine = paypal.sign(event);
    const forged = Buffer.from('forged by someone without PayPal’s key').toString('base64');
    for (let i = 0; i < 3; i++) {
      await expectRefused(
        { ...genuine, headers: { ...genuine.headers, 'paypal-transmission-sig': forged } },
        event.id,
      );
    }
    await deliver(genuine).expect(200);
    expect(await stored(event.id)).toHaveLength(1);
  });

  it('refuses a certificate URL of PayPal’s form that names no certificate, asking for it once', async () => {
    const before = webhookCallsTo(paypal);
    const certUrl = `${paypal.url}/v1/notifications/certs/CERT-UNKNOWN-${Date.now()}`;
    for (let i = 0; i < 5; i++) {
      const event = newEvent();
      const delivery = paypal.sign(event);
      await expectRefused(
        { ...delivery, headers: { ...delivery.headers, 'paypal-cert-url': certUrl } },
        event.id,
      );
    }
    expect(before()).toEqual({ verify: 0, certificates: [new URL(certUrl).pathname], other: [] });
  });

  it(`refuses a body over ${PAYPAL_WEBHOOK_BODY_LIMIT_BYTES / 1024} KB unread: 413 payload-too-large`, async () => {
    const event = { ...newEvent(), padding: 'x'.repeat(PAYPAL_WEBHOOK_BODY_LIMIT_BYTES) };
    const calls = webhookCallsTo(paypal);
    await expectRefused(paypal.sign(event), event.id, 413, 'payload-too-large');
    expect(calls()).toEqual({ verify: 0, certificates: [], other: [] });
  });

  it('answers 502 when PayPal’s new certificate cannot be fetched, storing nothing, so PayPal delivers again', async () => {
    await paypal.rotateCertificate();
    const event = newEvent();
    const delivery = paypal.sign(event);
    paypal.down = true;
    const res = await deliver(delivery).expect(502);
    expect(res.body.code).toBe('payment-provider-unavailable');
    expect(res.headers['retry-after']).toBe('60');
    expect(await stored(event.id)).toEqual([]);
    paypal.down = false;
    const calls = webhookCallsTo(paypal);
    await deliver(delivery).expect(200);
    await deliver(paypal.sign(newEvent())).expect(200);
    expect(await stored(event.id)).toHaveLength(1);
    expect(calls()).toEqual({ verify: 0, certificates: [new URL(paypal.certUrl).pathname], other: [] });
  });
  it(`fetches at most ${CERT_FETCHES_AT_ONCE} certificates at once, queues ${CERT_FETCHES_QUEUED}, answers 503 past them, and takes genuine deliveries after`, async () => {
    const extra = 6;
    const deliveries = Array.from({ length: CERT_FETCHES_AT_ONCE + CERT_FETCHES_QUEUED + extra }, () =>
      namingCertificate(unknownCertUrl()),
    );
    paypal.holdCertificateFetches = true;
    const answered: request.Response[] = [];
    const all = Promise.all(
      deliveries.map((delivery) => deliver(delivery).then((res) => answered.push(res))),
    );

    // The stand-in holds every fetch it gets: past the first ones, only a bound keeps the rest waiting.
    await until(() => answered.length === extra && paypal.certificateFetchesOpen() === CERT_FETCHES_AT_ONCE);
    for (const busy of answered) {
      expectProblem(busy, 503, 'service-unavailable');
      expect(busy.headers['retry-after']).toBe('30');
    }
    // The queued deliveries are still waiting for their turn, not refused.
    expect(answered).toHaveLength(extra);

    paypal.releaseCertificateFetches();
    await all;
    const statuses = answered.map((res) => res.status);
    expect(statuses.filter((status) => status === 503)).toHaveLength(extra);
    // Each queued one had its certificate fetched (404 at PayPal): a forgery, refused as such.
    expect(statuses.filter((status) => status === 400)).toHaveLength(
      CERT_FETCHES_AT_ONCE + CERT_FETCHES_QUEUED,
    );
    // Never more fetches open at once than the bound, and as many as it allows.
    expect(paypal.certificateFetchesPeak()).toBe(CERT_FETCHES_AT_ONCE);

    const event = newEvent();
    await deliver(paypal.sign(event)).expect(200);
    expect(await stored(event.id)).toHaveLength(1);
  });

  it(`keeps PayPal's certificate cached while forgeries name ${CERT_CACHE_ENTRIES + 8} certificate URLs that name none`, async () => {
    await deliver(paypal.sign(newEvent())).expect(200); // PayPal's certificate is cached now
    const calls = webhookCallsTo(paypal);
    const forged = Array.from({ length: CERT_CACHE_ENTRIES + 8 }, () => unknownCertUrl());
    for (const certUrl of forged) await deliver(namingCertificate(certUrl)).expect(400);
    const event = newEvent();
    await deliver(paypal.sign(event)).expect(200);
    expect(await stored(event.id)).toHaveLength(1);
    // One fetch for each URL a forger named, and none again for PayPal's own certificate.
    expect(calls()).toEqual({
      verify: 0,
      certificates: forged.map((url) => new URL(url).pathname),
      other: [],
    });
  });
});
