import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { RateAlert, RateAlertFiring, RateAlertsRepository } from '@fxrates/db';
import { JOBS, QUEUES, webhookFanOutJobId, type FanOutWebhookEventJob } from '@fxrates/queues';
import { createRatesTable, RateDecimal, RatesStore, type RatesTable } from '@fxrates/rates';
import { givenFor, type Given } from '@fxrates/testing';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ProviderStandIn } from '../../../libs/rates/testing/provider-stand-in';
import { testConfig } from '../../api/test/test-config';
import { RateAlertEvaluator } from '../src/rate-alerts';
import { WorkerModule } from '../src/worker.module';
import { ingestNow } from './support/ingest-now';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { runJob, until } from './support/waiting';

const WEB_URL = 'https://fxrates.example.com';
const MINUTE_MS = 60_000;

/** The plain-text body of a received mail, soft line breaks of quoted-printable undone. */
const bodyOf = (raw: string) =>
  raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A table of units per USD, as the ingestion publishes one: USD/<code> is exactly the value given. */
function table(values: Record<string, string>, at: Date): RatesTable {
  return createRatesTable({
    perUsd: new Map([
      ['USD', new RateDecimal(1)],
      ...Object.entries(values).map(([c, v]) => [c, new RateDecimal(v)] as const),
    ]),
    source: 'test',
    timestamp: at.toISOString(),
    date: at.toISOString().slice(0, 10),
  });
}

/**
 * The worker's rate alerts against real PostgreSQL, Redis, SMTP (a loopback sink) and a CoinGecko
 * stand-in: the ingestion publishes scripted values and evaluates the alerts; two workers run at
 * once. Where time must pass (cooldowns, windows), tables are evaluated at scripted instants.
 */
describe('worker: rate alerts', () => {
  let smtp: SmtpSink;
  let standIn: ProviderStandIn;
  let workers: INestApplicationContext[];
  let redis: Redis;
  let given: Given;
  let store: RatesStore;
  const config = () => configValue;
  let configValue: ReturnType<typeof testConfig>;

  const repository = () => new RateAlertsRepository(workers[0].get(MikroORM).em.fork());
  const alertRow = (id: string) => workers[0].get(MikroORM).em.fork().findOneOrFail(RateAlert, { id });
  const firings = (userId: string) => repository().firingsOf(userId);
  const alertMails = (email: string) =>
    smtp.mails.filter((m) => m.to.includes(email) && m.header('X-FXRates-Rate-Alert'));
  const evaluator = (i = 0) => workers[i].get(RateAlertEvaluator);
  /** Publishes BTC at `usd` through the whole ingestion (stand-in → validation → Redis → alerts). */
  const ingestBtc = async (usd: string) => {
    standIn.cryptoUsd = { BTC: usd };
    standIn.cryptoTime = new Date().toISOString();
    const report = await ingestNow(workers[0], 'coingecko');
    expect(report).toMatchObject({ outcome: 'success', accepted: 1 });
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    standIn = await ProviderStandIn.start();
    standIn.cryptoUsd = { BTC: '1.09' };
    configValue = testConfig({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      EMAIL_RETRY_DELAY_MS: '200',
      WEB_URL,
      RATES_PROVIDERS: 'coingecko',
      RATES_COINGECKO_URL: standIn.url,
      RATES_COINGECKO_INTERVAL_MS: '600000',
      RATES_COINGECKO_TIMEOUT_MS: '2000',
      RATES_INGEST_INTERVAL_MS: '600000',
      WEBHOOKS_ALLOW_INSECURE_LOCALHOST: 'true',
    });
    redis = new Redis(config().redis.url);
    store = new RatesStore(redis, config().redis.keyPrefix);
    workers = [];
    for (let i = 0; i < 2; i++) {
      workers.push(
        await NestFactory.createApplicationContext(WorkerModule.forRoot(config()), { logger: false }),
      );
    }
    given = givenFor({ em: workers[0].get(MikroORM).em, config: config() });
    // Values other suites recorded would judge the stand-in's: this suite's BTC starts from none.
    await given.noCloses({ sources: ['coingecko', 'binance', 'coinbase'], observedOnly: true });
    // Each worker ingests once at start: BTC at 1.09 is in service before any alert exists.
    await until(async () => (await store.load())?.perUsd.has('BTC') === true, 15_000);
  });

  afterAll(async () => {
    for (const worker of workers) await worker.close();
    const keys = await redis.keys(`${config().redis.keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await standIn.close();
    await smtp.close();
  });

  it("fires 'above 1.10' once over 1.09 → 1.11 → 1.12 published by the ingestion, and emails it", async () => {
    const user = await given.user({ plan: 'basic', firstName: 'Ada' });
    const alert = await given.rateAlert(user, { base: 'BTC', quote: 'USD', level: '1.10', channel: 'email' });
    await ingestBtc('1.09');
    expect(await firings(user.id)).toEqual([]);

    await ingestBtc('1.11');
    await ingestBtc('1.12');
    const fired = await firings(user.id);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({
      alertId: alert.id,
      rate: '1.11000000',
      condition: 'above',
      level: '1.10',
    });
    expect(await alertRow(alert.id)).toMatchObject({ state: 'triggered', lastTriggeredRate: '1.11000000' });

    await until(() => alertMails(user.email).length === 1);
    await new Promise((r) => setTimeout(r, 300)); // nothing more comes
    const [mail] = alertMails(user.email);
    expect(mail.header('Subject')).toBe('BTC/USD is above 1.10: 1.11000000');
    const text = bodyOf(mail.raw);
    expect(text).toContain('Hello Ada,');
    expect(text).toContain('Pair:      BTC/USD');
    expect(text).toContain('Condition: above 1.10');
    expect(text).toContain('Rate:      1.11000000');
    expect(text).toMatch(/When: {6}\d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC/);
    expect(text).toContain(`${WEB_URL}/dashboard/alerts`);
    expect(alertMails(user.email)).toHaveLength(1);
    expect((await repository().findFiring(fired[0].id))?.emailedAt).toBeInstanceOf(Date);
  });

  it('re-arms below the level minus the hysteresis, holds through the cooldown, then fires on the next crossing', async () => {
    const user = await given.user();
    const alert = await given.rateAlert(user, {
      base: 'USD',
      quote: 'EUR',
      level: '1.10',
      hysteresisPercent: '1', // re-arms at 1.089 or below
      cooldownMinutes: 30,
    });
    const t0 = Date.now();
    const at = (minutes: number) => new Date(t0 + minutes * MINUTE_MS);
    let previous: RatesTable | null = null;
    const publish = async (eur: string, minutes: number) => {
      const next = table({ EUR: eur }, at(minutes));
      const report = await evaluator().evaluate(previous, next, at(minutes));
      previous = next;
      return report;
    };
    const state = async () => (await alertRow(alert.id)).state;

    await publish('1.09', 0);
    await publish('1.11', 1);
    expect(await state()).toBe('triggered');
    await publish('1.12', 2);
    await publish('1.095', 3); // back under 1.10, not past the hysteresis
    expect(await state()).toBe('triggered');
    await publish('1.08', 4);
    expect(await state()).toBe('armed');
    await publish('1.11', 5); // crossed again inside the 30 minutes' cooldown: not yet
    expect(await firings(user.id)).toHaveLength(1);
    expect(await state()).toBe('armed');
    await publish('1.111', 32); // past the cooldown, still above
    const fired = await firings(user.id);
    expect(fired.map((f) => [f.rate, f.firedAt.toISOString()])).toEqual([
      ['1.1100', at(1).toISOString()],
      ['1.1110', at(32).toISOString()],
    ]);
    expect(await alertRow(alert.id)).toMatchObject({ state: 'triggered', lastTriggeredRate: '1.1110' });
    await until(() => alertMails(user.email).length === 2);
  });

  it("fires 'below' once per crossing", async () => {
    const user = await given.user();
    await given.rateAlert(user, { base: 'USD', quote: 'GBP', condition: 'below', level: '0.80' });
    const t0 = new Date();
    let previous: RatesTable | null = null;
    for (const gbp of ['0.81', '0.80', '0.7999', '0.79', '0.78']) {
      const next = table({ GBP: gbp }, t0);
      await evaluator().evaluate(previous, next, t0);
      previous = next;
    }
    expect((await firings(user.id)).map((f) => [f.condition, f.level, f.rate])).toEqual([
      ['below', '0.80', '0.7999'],
    ]);
    await until(() => alertMails(user.email).length === 1);
    expect(alertMails(user.email)[0].header('Subject')).toBe('USD/GBP is below 0.80: 0.7999');
  });

  it('fires a change of N % over a window from the rate recorded a window before, and waits for that history', async () => {
    const user = await given.user();
    await given.rateAlert(user, {
      base: 'USD',
      quote: 'CHF',
      condition: 'change',
      changePercent: '2',
      windowMinutes: 60,
    });
    const t0 = Date.now();
    const at = (minutes: number) => new Date(t0 + minutes * MINUTE_MS);
    let previous: RatesTable | null = null;
    const publish = async (chf: string, minutes: number) => {
      const next = table({ CHF: chf }, at(minutes));
      await evaluator().evaluate(previous, next, at(minutes));
      previous = next;
    };
    await publish('0.9000', 0);
    await publish('0.9300', 30); // 3.3 %, but nothing is known of 60 minutes before: no decision
    expect(await firings(user.id)).toEqual([]);
    await publish('0.9150', 61); // against 0.9000 at minute 0: 1.67 %
    expect(await firings(user.id)).toEqual([]);
    await publish('0.8800', 91); // against 0.9300 at minute 30: 5.4 % down
    const fired = await firings(user.id);
    expect(fired.map((f) => [f.previousRate, f.rate, f.changePercent, f.windowMinutes])).toEqual([
      ['0.9300', '0.8800', '2', 60],
    ]);
    await until(() => alertMails(user.email).length === 1);
    const [mail] = alertMails(user.email);
    expect(mail.header('Subject')).toBe('USD/CHF moved 2% or more in 60 minutes');
    expect(bodyOf(mail.raw)).toContain('USD/CHF went from 0.9300 to 0.8800 over the last 60 minutes.');
  });

  it('fires once when two workers evaluate the same publish', async () => {
    const user = await given.user();
    const alerts = await Promise.all(
      Array.from({ length: 5 }, () => given.rateAlert(user, { base: 'USD', quote: 'SEK', level: '10' })),
    );
    const now = new Date();
    const before = table({ SEK: '9.5' }, now);
    const after = table({ SEK: '10.5' }, now);
    const reports = await Promise.all([
      evaluator(0).evaluate(before, after, now),
      evaluator(1).evaluate(before, after, now),
      evaluator(0).evaluate(before, after, now), // a redelivered evaluation, as after a restart
    ]);
    expect(reports.reduce((sum, r) => sum + r.fired, 0)).toBe(alerts.length);
    const fired = await firings(user.id);
    expect(fired).toHaveLength(alerts.length);
    expect(new Set(fired.map((f) => f.alertId))).toEqual(new Set(alerts.map((a) => a.id)));
    await until(() => alertMails(user.email).length === alerts.length);
    await new Promise((r) => setTimeout(r, 300));
    expect(alertMails(user.email)).toHaveLength(alerts.length);
  });

  it("leaves alone an alert on a currency the owner's plan no longer allows", async () => {
    const user = await given.user({ plan: 'free' }); // as after a downgrade from Basic
    const alert = await given.rateAlert(user, {
      base: 'USD',
      quote: 'ETH',
      condition: 'below',
      level: '0.001',
    });
    const now = new Date();
    const report = await evaluator().evaluate(
      table({ ETH: '0.0004' }, now),
      table({ ETH: '0.0003' }, now),
      now,
    );
    expect(report.fired).toBe(0);
    expect(await firings(user.id)).toEqual([]);
    expect(await alertRow(alert.id)).toMatchObject({ state: 'armed' });
  });

  it('sends no email to an address that is not verified when the alert fires', async () => {
    const user = await given.user({ verified: false });
    await given.rateAlert(user, { base: 'USD', quote: 'NOK', level: '10' });
    const now = new Date();
    await evaluator().evaluate(table({ NOK: '9' }, now), table({ NOK: '11' }, now), now);
    const [firing] = await firings(user.id);
    await until(async () => (await repository().findFiring(firing.id))?.skippedAt != null);
    expect((await repository().findFiring(firing.id))?.emailedAt).toBeNull();
    expect(alertMails(user.email)).toEqual([]);
  });

  it('emits alert.triggered for a webhook alert (one fan-out, keyed by the firing)', async () => {
    const user = await given.user({ plan: 'basic' });
    const alert = await given.rateAlert(user, { base: 'USD', quote: 'DKK', level: '7', channel: 'webhook' });
    const now = new Date();
    await evaluator().evaluate(table({ DKK: '6.9' }, now), table({ DKK: '7.05' }, now), now);
    const [firing] = await firings(user.id);
    const webhooks = workers[0].get<Queue>(getQueueToken(QUEUES.webhooks));
    const job = await webhooks.getJob(webhookFanOutJobId(firing.id));
    expect(job?.name).toBe(JOBS.fanOutWebhookEvent);
    expect(job!.data as FanOutWebhookEventJob).toEqual({
      audience: { userId: user.id },
      event: {
        id: firing.id,
        type: 'alert.triggered',
        createdAt: now.toISOString(),
        data: {
          alertId: alert.id,
          pair: 'USD/DKK',
          base: 'USD',
          quote: 'DKK',
          condition: 'above',
          level: '7',
          changePercent: null,
          windowMinutes: null,
          rate: '7.0500',
          previousRate: null,
          triggeredAt: now.toISOString(),
        },
      },
    });
    expect((await repository().findFiring(firing.id))?.emittedAt).toBeInstanceOf(Date);
    expect(alertMails(user.email)).toEqual([]);
  });

  it("delivers alert.triggered to the account's endpoint, signed (a loopback receiver)", async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const user = await given.user({ plan: 'basic' });
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/fx`;
      const endpoint = await given.webhookEndpoint(user, { url, events: ['alert.triggered'] });
      await given.webhookEndpoint(user, { url: `${url}/rates-only`, events: ['rates.published'] });
      const alert = await given.rateAlert(user, {
        base: 'USD',
        quote: 'CZK',
        level: '25',
        channel: 'webhook',
      });
      const now = new Date();
      await evaluator().evaluate(table({ CZK: '24.9' }, now), table({ CZK: '25.1' }, now), now);
      const [firing] = await firings(user.id);
      await until(() => received.length === 1, 15_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(received).toHaveLength(1);
      const [{ headers, body }] = received;
      expect(headers['webhook-id']).toBe(firing.id);
      const verified = new Webhook(endpoint.secret).verify(body, {
        'webhook-id': String(headers['webhook-id']),
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      });
      expect(verified).toMatchObject({
        id: firing.id,
        type: 'alert.triggered',
        data: { alertId: alert.id, pair: 'USD/CZK', condition: 'above', level: '25', rate: '25.1000' },
      });
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });

  it('hands a firing whose delivery never left over again from the email sweep', async () => {
    const user = await given.user({ plan: 'basic' });
    await given.rateAlert(user, { base: 'USD', quote: 'PLN', level: '4' });
    const email = workers[0].get<Queue>(getQueueToken(QUEUES.email));
    await email.pause(); // the queue is there, its jobs wait: as if the worker died after the UPDATE
    const now = new Date();
    await evaluator().evaluate(table({ PLN: '3.9' }, now), table({ PLN: '4.1' }, now), now);
    const [firing] = await firings(user.id);
    const queued = (await email.getJobs(['waiting', 'prioritized', 'delayed'])).filter(
      (j) => j?.data?.firingId === firing.id,
    );
    expect(queued).toHaveLength(1);
    await Promise.all(queued.map((j) => j.remove()));
    expect(await email.getJob(queued[0].id!)).toBeUndefined();
    await email.resume();
    // Older than the grace, so the sweep knows it is not on its way.
    await workers[0]
      .get(MikroORM)
      .em.fork()
      .nativeUpdate(RateAlertFiring, { id: firing.id }, { createdAt: new Date(Date.now() - 10 * MINUTE_MS) });
    const swept = await runJob<{ requeued: number }>(email, JOBS.requeueUnsentEmail, {});
    expect(swept.requeued).toBeGreaterThanOrEqual(1);
    await until(() => alertMails(user.email).length === 1);
  });
});
