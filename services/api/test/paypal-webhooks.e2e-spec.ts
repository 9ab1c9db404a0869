import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import { paypalEventJobId, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { payPalEnv } from './support/paypal-env';
import {
  startPayPalStandIn,
  type PayPalStandIn,
  type SignedDelivery,
} from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('POST /api/billing/paypal/webhook', () => {
  let paypal: PayPalStandIn;
  let t: TestApp;
  let queue: Queue;

  const deliver = ({ body, headers }: SignedDelivery) =>
    request(t.app.getHttpServer()).post('/api/billing/paypal/webhook').set(headers).send(body);
  const stored = (eventId: string) =>
    t.app
      .get(MikroORM)
      .em.getConnection()
      .execute('select * from webhook_events where event_id = ?', [eventId]);
  const newEvent = (type = 'BILLING.SUBSCRIPTION.ACTIVATED') =>
    paypal.event(type, paypal.createSubscription({ plan_id: 'P-BASIC-ANNUAL', custom_id: 'someone' }).id);

  async function expectRefused(delivery: SignedDelivery, eventId: string) {
    const res = await deliver(delivery).expect(400);
    expect(res.body.code).toBe('webhook-signature-invalid');
    expect(await stored(eventId)).toEqual([]);
    expect(await queue.getJob(paypalEventJobId(eventId))).toBeUndefined();
  }

  beforeAll(async () => {
    paypal = await startPayPalStandIn({ plans: { 'P-BASIC-ANNUAL': { interval: 'YEAR', price: '167.88' } } });
    t = await startTestApp(
      testConfig({
        ...payPalEnv(paypal, 'basic.annual=P-BASIC-ANNUAL'),
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
  });

  it('stores a genuine event and queues it under its event id before answering 200', async () => {
    const event = newEvent();
    const res = await deliver(paypal.sign(event)).expect(200);
    expect(res.body).toEqual({ received: true });
    const [row] = await stored(event.id);
    expect(row).toMatchObject({
      provider: 'paypal',
      type: 'BILLING.SUBSCRIPTION.ACTIVATED',
      resource_id: event.resource.id,
      processed_at: null,
    });
    expect(row.payload).toEqual(event);
    const job = await queue.getJob(paypalEventJobId(event.id));
    // With the event itself, which the worker stores should this instance not have (PostgreSQL down).
    expect(job?.data).toEqual({ eventId: event.id, event });
    expect(job?.opts.attempts).toBe(5); // PAYPAL_EVENT_ATTEMPTS
  });

  it('names the subscription of a sale by its billing agreement id', async () => {
    const event = newEvent('PAYMENT.SALE.COMPLETED');
    await deliver(paypal.sign(event)).expect(200);
    expect((await stored(event.id))[0].resource_id).toBe(event.resource.billing_agreement_id);
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
    expect((await stored(event.id))[0]).toMatchObject({ type: 'PAYMENT.SALE.REFUNDED', resource_id: null });
    expect((await queue.getJob(paypalEventJobId(event.id)))?.data).toEqual({ eventId: event.id, event });
  });

  it('names the subscription of a reversed sale by its billing agreement id', async () => {
    const id = paypal.createSubscription({ plan_id: 'P-BASIC-ANNUAL', custom_id: 'someone' }).id;
    paypal.reverse(id);
    const event = paypal.event('PAYMENT.SALE.REVERSED', id);
    expect(event.resource).toMatchObject({ state: 'reversed', billing_agreement_id: id });
    await deliver(paypal.sign(event)).expect(200);
    expect((await stored(event.id))[0].resource_id).toBe(id);
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

  it('answers 502 when PayPal cannot verify, storing nothing, so PayPal delivers again', async () => {
    const event = newEvent();
    const delivery = paypal.sign(event);
    paypal.down = true;
    const res = await deliver(delivery).expect(502);
    expect(res.body.code).toBe('payment-provider-unavailable');
    expect(await stored(event.id)).toEqual([]);
    paypal.down = false;
    await deliver(delivery).expect(200);
    expect(await stored(event.id)).toHaveLength(1);
  });
});
