import { WebhooksRepository } from '@fxrates/db';
import { createRatesTable, RateDecimal, type RatesTable } from '@fxrates/rates';
import { Webhook } from 'standardwebhooks';
import { RatesWebhookEvents } from '../src/webhooks';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { until } from './support/waiting';
import { WebhookReceiver, type ReceivedWebhook } from './support/webhook-receiver';
import { anEvent, WebhooksWorld } from './support/webhooks-world';

/** What the `standardwebhooks` library makes of a received request: the payload, or its refusal. */
function verified(secret: string, received: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(received.body, received.headers as Record<string, string>);
}

const today = () => new Date().toISOString().slice(0, 10);

/** A USD-based table of these per-USD values, from one source. */
function table(perUsd: Record<string, string>, timestamp = new Date().toISOString()): RatesTable {
  return createRatesTable({
    perUsd: new Map(Object.entries(perUsd).map(([code, value]) => [code, new RateDecimal(value)])),
    source: 'ecb',
    timestamp,
    date: timestamp.slice(0, 10),
  });
}

describe('worker: webhook delivery (signed, retried, metered, disabled)', () => {
  let smtp: SmtpSink;
  let receiver: WebhookReceiver;
  let world: WebhooksWorld;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    receiver = await WebhookReceiver.start();
    world = await WebhooksWorld.start({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // The loopback receiver speaks plain http: the development allowance.
      WEBHOOKS_ALLOW_INSECURE_LOCALHOST: 'true',
      WEBHOOKS_RETRY_DELAYS_MS: '100,200,300',
      WEBHOOKS_DISABLE_AFTER_FAILED_DELIVERIES: '2',
    });
  });
  afterAll(async () => {
    await world.close();
    await receiver.close();
    await smtp.close();
  });

  it("signs each delivery so the standardwebhooks library verifies it, and sends an account's event to that account only", async () => {
    const owner = await world.account();
    const other = await world.account();
    const mine = await world.endpoint(owner, { url: receiver.url('/signed'), events: ['alert.triggered'] });
    const theirs = await world.endpoint(other, { url: receiver.url('/other'), events: ['alert.triggered'] });
    const event = anEvent('alert.triggered', { alertId: 'a-1', rate: '1.0842' });

    await world.emit(event, { userId: owner.userId });
    const [delivery] = await world.settled(mine.id);

    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200 });
    const [received] = receiver.to('/signed');
    expect(verified(mine.secret, received)).toEqual(event);
    expect(received.headers['webhook-id']).toBe(event.id);
    expect(received.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(received.headers['content-type']).toBe('application/json');
    // Another secret does not verify it: the signature is the endpoint's own.
    expect(() => verified(theirs.secret, received)).toThrow();
    expect(receiver.to('/other')).toEqual([]);
    expect(await world.deliveries(theirs.id)).toEqual([]);
  });

  it('500, 500, 200: three attempts of one event with one webhook-id, one metered call, a replay free', async () => {
    const owner = await world.account();
    const endpoint = await world.endpoint(owner, {
      url: receiver.url('/flaky'),
      events: ['quota.threshold'],
    });
    receiver.answers = [500, 500];
    const event = anEvent('quota.threshold', { month: '2026-12', threshold: 75 });

    await world.emit(event, { userId: owner.userId });
    const [delivery] = await world.settled(endpoint.id);

    const attempts = receiver.to('/flaky');
    expect(attempts).toHaveLength(3);
    expect(attempts.map((a) => a.headers['webhook-id'])).toEqual([event.id, event.id, event.id]);
    for (const attempt of attempts) expect(verified(endpoint.secret, attempt)).toEqual(event);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200, lastError: null });
    const webhooks = new WebhooksRepository(world.em());
    expect(await webhooks.meteredOn(owner.userId, today())).toBe(1);

    // The same event again (a re-run fan-out): nothing new is stored or sent.
    await world.emit(event, { userId: owner.userId });
    await world.workers[0].get(RatesWebhookEvents).quotaThresholds([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await world.deliveries(endpoint.id)).toHaveLength(1);
    expect(receiver.to('/flaky')).toHaveLength(3);

    // A replay from the log: sent again with the same webhook-id, not metered.
    const replay = await world.http
      .post(`/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/replay`)
      .set('Authorization', `Bearer ${owner.accessToken}`)
      .expect(202);
    expect(replay.body.delivery).toMatchObject({
      replayOf: delivery.id,
      eventId: event.id,
      status: 'pending',
    });
    await world.settled(endpoint.id, 2);
    expect(receiver.to('/flaky')).toHaveLength(4);
    expect(receiver.to('/flaky')[3].headers['webhook-id']).toBe(event.id);
    expect(await webhooks.meteredOn(owner.userId, today())).toBe(1);

    // The log, newest first, as the dashboard reads it.
    const log = await world.http
      .get(`/api/webhooks/${endpoint.id}/deliveries`)
      .set('Authorization', `Bearer ${owner.accessToken}`)
      .expect(200);
    expect(log.body.deliveries.map((d: { id: string }) => d.id)).toEqual([
      replay.body.delivery.id,
      delivery.id,
    ]);
    expect(log.body.deliveries[1]).toMatchObject({ attempts: 3, status: 'delivered', lastStatus: 200 });
  });

  it('meters one call per event for an account, however many of its endpoints receive it', async () => {
    const owner = await world.account({ plan: 'professional' });
    const first = await world.endpoint(owner, { url: receiver.url('/meter-1'), events: ['rates.published'] });
    const second = await world.endpoint(owner, {
      url: receiver.url('/meter-2'),
      events: ['rates.published'],
    });
    const before = await new WebhooksRepository(world.em()).meteredOn(owner.userId, today());

    await world.emit(anEvent('rates.published', { source: 'ecb' }), { everyone: true });
    await world.settled(first.id);
    await world.settled(second.id);

    expect(receiver.to('/meter-1')).toHaveLength(1);
    expect(receiver.to('/meter-2')).toHaveLength(1);
    expect(await new WebhooksRepository(world.em()).meteredOn(owner.userId, today())).toBe(before + 1);
  });

  it('disables an endpoint whose deliveries fail every attempt, twice in a row, and emails its owner once', async () => {
    const owner = await world.account();
    const endpoint = await world.endpoint(owner, { url: receiver.url('/down'), events: ['alert.triggered'] });
    receiver.answers = Array(8).fill(503);

    await world.emit(anEvent('alert.triggered'), { userId: owner.userId });
    const [first] = await world.settled(endpoint.id);
    expect(first).toMatchObject({ status: 'failed', attempts: 4, lastStatus: 503, lastError: 'HTTP 503' });
    expect((await world.endpointRow(endpoint.id)).status).toBe('active');

    await world.emit(anEvent('alert.triggered'), { userId: owner.userId });
    await world.settled(endpoint.id, 2);
    const row = await world.endpointRow(endpoint.id);
    expect(row.status).toBe('disabled');
    expect(row.disabledReason).toMatch(
      /^Disabled after 2 deliveries in a row failed every attempt \(last: HTTP 503\)/,
    );

    await until(() =>
      smtp.mails.some((m) => m.to.includes(owner.email) && m.header('X-FXRates-Webhook-Disabled')),
    );
    const mails = smtp.mails.filter(
      (m) => m.to.includes(owner.email) && m.header('X-FXRates-Webhook-Disabled'),
    );
    expect(mails.map((m) => m.header('Subject'))).toEqual(['Your FXRates Pro webhook endpoint was disabled']);
    await until(async () => (await world.endpointRow(endpoint.id)).disabledNoticeEmailedAt !== null);

    // Disabled: the next event is not sent to it. The API shows why.
    await world.emit(anEvent('alert.triggered'), { userId: owner.userId });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.to('/down')).toHaveLength(8);
    const listed = await world.http
      .get('/api/webhooks')
      .set('Authorization', `Bearer ${owner.accessToken}`)
      .expect(200);
    expect(listed.body.endpoints[0]).toMatchObject({
      status: 'disabled',
      disabledReason: row.disabledReason,
    });
  });

  it('sends rate.changed to the endpoints watching the pair whose minimum change it reaches, as the stream shapes it', async () => {
    const owner = await world.account({ plan: 'professional' });
    const strict = await world.endpoint(owner, {
      url: receiver.url('/strict'),
      events: ['rate.changed'],
      pairs: ['EUR/USD'],
      minChangePercent: '1',
    });
    const eager = await world.endpoint(owner, {
      url: receiver.url('/eager'),
      events: ['rate.changed'],
      pairs: ['eur/usd', 'GBP/USD'],
    });
    const events = world.workers[0].get(RatesWebhookEvents);
    const start = table({ EUR: '0.9000', GBP: '0.8000', JPY: '150' }, '2026-12-01T10:00:00.000Z');
    // EUR/USD -0.5 %, GBP/USD -2 %, JPY (watched by nobody) moves too.
    const small = table({ EUR: '0.9045226', GBP: '0.8163265', JPY: '160' }, '2026-12-01T10:01:00.000Z');

    await events.tablePublished(start, small);
    await world.settled(eager.id, 2);

    const eagerData = receiver
      .to('/eager')
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(eagerData.map((e) => e.type)).toEqual(['rate.changed', 'rate.changed']);
    expect(eagerData.map((e) => `${String(e.data.base)}/${String(e.data.symbol)}`).sort()).toEqual([
      'EUR/USD',
      'GBP/USD',
    ]);
    const eur = eagerData.find((e) => e.data.base === 'EUR')!.data;
    expect(eur).toEqual({
      base: 'EUR',
      symbol: 'USD',
      rate: expect.stringMatching(/^1\.10\d+$/),
      previousRate: expect.stringMatching(/^1\.11\d+$/),
      changePercent: '-0.5',
      timestamp: '2026-12-01T10:01:00.000Z',
      date: '2026-12-01',
      source: 'ecb',
    });
    expect(receiver.to('/strict')).toEqual([]);

    // EUR/USD moves 2 %: now the strict endpoint receives it too.
    const big = table({ EUR: '0.8868', GBP: '0.8163265', JPY: '160' }, '2026-12-01T10:02:00.000Z');
    await events.tablePublished(small, big);
    await world.settled(strict.id);
    expect(receiver.to('/strict')).toHaveLength(1);
    expect(JSON.parse(receiver.to('/strict')[0].body).data).toMatchObject({ base: 'EUR', symbol: 'USD' });
    await world.settled(eager.id, 3);
    expect(receiver.to('/eager')).toHaveLength(3);
  });

  it('sends rates.published once an ECB fix of a new day is stored', async () => {
    const owner = await world.account();
    const endpoint = await world.endpoint(owner, { url: receiver.url('/fix'), events: ['rates.published'] });
    const events = world.workers[0].get(RatesWebhookEvents);
    const value = (day: string) => ({
      perUsd: new RateDecimal('0.9'),
      day,
      observedAt: `${day}T14:00:00.000Z`,
    });

    await events.historyStored('ecb', new Map([['EUR', value('2026-11-27')]]));
    await events.historyStored('ecb', new Map([['EUR', value('2026-11-27')]]));
    await events.historyStored(
      'ecb',
      new Map([
        ['EUR', value('2026-11-30')],
        ['GBP', value('2026-11-30')],
      ]),
    );
    await world.settled(endpoint.id);

    const bodies = receiver.to('/fix').map((r) => JSON.parse(r.body));
    expect(bodies).toEqual([
      {
        id: 'evt_published_ecb_2026-11-30',
        type: 'rates.published',
        createdAt: expect.any(String),
        data: {
          source: 'ecb',
          kind: 'fix',
          date: '2026-11-30',
          currencies: 2,
          timestamp: '2026-11-30T14:00:00.000Z',
        },
      },
    ]);
  });

  it('gives up an attempt that gets no answer within WEBHOOKS_TIMEOUT_MS, and reads no more than 64 KiB of an answer', async () => {
    const owner = await world.account();
    const endpoint = await world.endpoint(owner, { url: receiver.url('/slow'), events: ['alert.triggered'] });
    receiver.answers = ['hold', 'endless'];

    await world.emit(anEvent('alert.triggered'), { userId: owner.userId });
    const [delivery] = await world.settled(endpoint.id);

    // The first attempt timed out (3 s here), the second was delivered on its status without its whole body.
    expect(receiver.to('/slow')).toHaveLength(2);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 });
    await until(() => receiver.endlessBytes.length === 1);
    expect(receiver.endlessBytes[0]).toBeLessThan(4 * 1024 * 1024);
  });

  it('follows no redirect: a 302 to 127.0.0.1 is a failed attempt and the target sees nothing', async () => {
    const owner = await world.account();
    const endpoint = await world.endpoint(owner, {
      url: receiver.url('/moved'),
      events: ['alert.triggered'],
    });
    receiver.answers = Array(4).fill({
      status: 302,
      headers: { location: receiver.url('/redirect-target') },
    });

    await world.emit(anEvent('alert.triggered'), { userId: owner.userId });
    const [delivery] = await world.settled(endpoint.id);

    expect(delivery).toMatchObject({
      status: 'failed',
      lastStatus: 302,
      lastError: 'redirect not followed (HTTP 302)',
    });
    expect(receiver.to('/moved')).toHaveLength(4);
    expect(receiver.to('/redirect-target')).toEqual([]);
  });
});
