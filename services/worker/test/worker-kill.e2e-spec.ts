import {
  ApiKey,
  ContactMessage,
  RateHistoryRepository,
  Subscription,
  UsageRepository,
  WebhookEvent,
} from '@fxrates/db';
import { lockTable, someSessionWaitsOnLockOf } from '@fxrates/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import { JOBS, paypalEventJobId, QUEUES, ratesIngestQueue } from '@fxrates/queues';
import { addDays, ecbFixInstant, lastPublishingDay, TARGET_CALENDAR } from '@fxrates/rates';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ecbDailyXml, ProviderStandIn } from '../../../libs/rates/testing/provider-stand-in';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { UserPlansService } from '../../api/src/modules/plans';
import { givenIn } from '../../api/test/support/given';
import { signedInUser } from '../../api/test/support/signed-in';
import { payPalEnv } from '../../api/test/support/paypal-env';
import { startTestApp, type TestApp } from '../../api/test/test-app';
import { testConfig } from '../../api/test/test-config';
import { billingProbe } from './support/billing-probe';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { BASIC_ANNUAL, subscribedUser } from './support/subscribed';
import { until } from './support/waiting';
import {
  FAST_RECOVERY,
  holderOf,
  killAll,
  queueOf,
  settleLeftoverMail,
  startWorkerProcess,
  type WorkerProcess,
} from './support/worker-processes';

const ECB_DAILY = '/stats/eurofxref/eurofxref-daily.xml';
// The latest ECB fix already published, so the ingest takes it as today's value.
const today = new Date().toISOString().slice(0, 10);
const latestFix = lastPublishingDay(TARGET_CALENDAR, today);
const ecbDay =
  Date.parse(ecbFixInstant(latestFix)) <= Date.now()
    ? latestFix
    : lastPublishingDay(TARGET_CALENDAR, addDays(latestFix, -1));

/**
 * Two built workers share the queues; one is SIGKILLed while a job is held mid-way by a stalled
 * outside service (or a PostgreSQL lock). BullMQ's stalled-job check (fast here: FAST_RECOVERY)
 * gives the job to the other worker, and its effect happens exactly once.
 */
describe('worker: SIGKILL mid-job, the other worker finishes it once', () => {
  let smtp: SmtpSink;
  let paypal: PayPalStandIn;
  let provider: ProviderStandIn;
  let api: TestApp;
  let workers: WorkerProcess[] = [];
  const queues: Queue[] = [];
  const config = testConfig();

  const em = () => api.app.get(MikroORM).em.fork();
  const queue = (name: string) => {
    const q = queueOf(config, name);
    queues.push(q);
    return q;
  };
  const startWorker = () =>
    startWorkerProcess(config, {
      ...FAST_RECOVERY,
      ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SUPPORT_EMAIL: 'support@fxrates.example',
      RATES_PROVIDERS: 'ecb,bundled-snapshot',
      RATES_ECB_URL: provider.url,
      RATES_ECB_INTERVAL_MS: '600000',
      RATES_ECB_TIMEOUT_MS: '60000',
    });
  const kill = async (worker: WorkerProcess) => {
    worker.child.kill('SIGKILL');
    expect((await worker.exited).signal).toBe('SIGKILL');
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    paypal = await startPayPalStandIn({ plans: { [BASIC_ANNUAL]: { interval: 'YEAR', price: '167.88' } } });
    provider = await ProviderStandIn.start();
    provider.ecbXml = ecbDailyXml(ecbDay, { USD: '1.1600', GBP: '0.8700', CHF: '0.9300' });
    provider.fault(ECB_DAILY, 'hang'); // the first ingest, at start, waits on ECB
    const overrides = {
      REDIS_KEY_PREFIX: config.redis.keyPrefix,
      ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
    };
    api = await startTestApp(testConfig(overrides));
    await settleLeftoverMail(api.app.get(MikroORM).em);
    workers = [await startWorker(), await startWorker()];
  }, 60_000);
  beforeEach(async () => {
    // Two live workers for every test: a killed one is replaced (and kept for killAll).
    while (workers.filter((w) => w.running()).length < 2) workers.push(await startWorker());
  }, 60_000);
  afterAll(async () => {
    smtp.release();
    paypal.releaseSubscriptionReads();
    await killAll(workers);
    await Promise.all(queues.map((q) => q.close()));
    // What the ingest recorded goes, so no later test finds a close of today it did not make.
    await givenIn(api.app).noCloses({ sources: ['ecb'], days: [ecbDay], observedOnly: true });
    await api.close();
    await Promise.all([smtp.close(), paypal.close(), provider.close()]);
  });

  it('a rates ingest waiting on a hung provider runs again on the other worker; history rows once', async () => {
    const ingest = queue(ratesIngestQueue('ecb'));
    // The ingest each worker schedules at start is held: ECB does not answer.
    await until(() => provider.requestsTo(ECB_DAILY).length > 0, 20_000);
    let jobId = '';
    await until(async () => {
      const [active] = await ingest.getActive();
      jobId = active?.id ?? '';
      return jobId !== '';
    });
    const holder = await holderOf(ingest, jobId, workers);

    await kill(holder);
    provider.fault(ECB_DAILY, null);
    await until(async () => (await ingest.getJob(jobId))!.isCompleted(), 20_000);
    const job = (await ingest.getJob(jobId))!;
    expect(job.processedBy).toBe(workers.find((w) => w !== holder && w.running())!.name);
    expect(job.returnvalue).toMatchObject({ published: expect.any(Boolean) });
    const rows = await new RateHistoryRepository(em()).storedCloses({
      sources: ['ecb'],
      days: [ecbDay],
      // Only this ECB file's currencies: other files seed closes of other currencies on recent days.
      currencies: ['CHF', 'EUR', 'GBP'],
    });
    expect(rows.map((r) => r.currency)).toEqual(['CHF', 'EUR', 'GBP']);
    expect(rows[2].rate).toBe('0.75'); // GBP per USD: 0.87 / 1.16
    expect(provider.requestsTo(ECB_DAILY).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('an email cut before the server answered is sent once, by the other worker', async () => {
    smtp.hold();
    const subject = `Killed mid-send ${randomUUID()}`;
    await request(api.app.getHttpServer())
      .post('/api/v1/contact')
      .send({ name: 'Ada Lovelace', email: 'ada@example.com', subject, message: 'Hi', recaptchaToken: 'dev' })
      .expect(202);
    const { id } = await em().findOneOrFail(ContactMessage, { subject });
    await until(() => smtp.held() > 0); // the whole message is at the server, its 250 not yet sent
    const email = queue(QUEUES.email);
    const holder = await holderOf(email, id, workers);

    await kill(holder);
    // The process is gone; the sink learns of the closed connection a moment later, and only then is
    // the message one a real server would drop rather than deliver.
    await until(() => smtp.heldFromHungUpClients() === 1);
    smtp.release(); // the killed worker's message: its client hung up, so it is not delivered
    const other = workers.find((w) => w !== holder && w.running())!;
    await until(async () => (await em().findOneOrFail(ContactMessage, id)).emailedAt !== null, 20_000);
    expect((await email.getJob(id))!.processedBy).toBe(other.name);
    await new Promise((r) => setTimeout(r, 500)); // no second copy arrives later
    // The sender's subject is in the body now (never in a header, where it could add headers of its own): found by the message's id.
    const copies = smtp.mails.filter((m) => m.header('Message-ID') === `<contact-${id}@fxrates.example>`);
    expect(copies).toHaveLength(1);
  }, 60_000);

  it('a PayPal event is applied once, by the other worker, nothing half-applied in between', async () => {
    const { userId, paypalId } = await subscribedUser(api, paypal);
    paypal.holdSubscriptionReads = true;
    paypal.setStatus(paypalId, 'CANCELLED');
    const event = paypal.event('BILLING.SUBSCRIPTION.CANCELLED', paypalId);
    await billingProbe({ api, paypal }).deliver(event);
    await until(() => paypal.heldReads() > 0); // inside the event's transaction, waiting on PayPal
    const webhooks = queue(QUEUES.paypalWebhooks);
    const jobId = paypalEventJobId(event.id);
    const holder = await holderOf(webhooks, jobId, workers);

    await kill(holder);
    /** The event's stored row and its subscription's, as one. */
    const row = async () => {
      const stored = em();
      const { processedAt } = await stored.findOneOrFail(WebhookEvent, { eventId: event.id });
      const { status } = await stored.findOneOrFail(Subscription, { paypalSubscriptionId: paypalId });
      return { processedAt, status };
    };
    expect(await row()).toMatchObject({ processedAt: null, status: 'active' });
    paypal.releaseSubscriptionReads();
    await until(async () => (await row()).processedAt !== null, 20_000);
    expect((await row()).status).toBe('cancelled');
    expect((await webhooks.getJob(jobId))!.processedBy).toBe(
      workers.find((w) => w !== holder && w.running())!.name,
    );
    expect(await em().count(WebhookEvent, { eventId: event.id })).toBe(1);
    expect(await em().count(Subscription, { user: userId, paypalSubscriptionId: { $ne: null } })).toBe(1);
  }, 60_000);

  it('a usage flush is counted once when its worker dies inside the PostgreSQL transaction', async () => {
    const { accessToken, id: userId } = await signedInUser(api.app);
    await api.app.get(UserPlansService).changePlan(userId, 'enterprise');
    const created = await request(api.app.getHttpServer())
      .post('/api/keys')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ name: 'flushed under a kill' })
      .expect(201);
    for (let i = 0; i < 3; i++) {
      await request(api.app.getHttpServer())
        .get('/api/v1/rates/rate?from=USD&to=EUR')
        .set('X-API-Key', created.body.key)
        .expect(200);
    }

    const lock = await lockTable(config.database.url, 'usage_daily', 'exclusive');
    try {
      const flushes = queue(QUEUES.usageFlush);
      const jobId = `kill-${randomUUID()}`;
      await flushes.add(JOBS.flushUsage, { trigger: 'manual' }, { jobId });
      const holder = await holderOf(flushes, jobId, workers);
      // The batch is taken from Redis and its transaction waits on the lock.
      await until(() => someSessionWaitsOnLockOf(api.app.get(MikroORM).em, 'usage_daily'));

      await kill(holder);
      const other = workers.find((w) => w !== holder && w.running())!;
      await until(async () => (await flushes.getJob(jobId))!.processedBy === other.name, 20_000);
      await lock.release();
      await until(async () => (await flushes.getJob(jobId))!.isCompleted(), 20_000);
    } finally {
      await lock.release();
    }
    expect((await em().findOneOrFail(ApiKey, created.body.id)).totalRequests).toBe(3);
    const daily = await new UsageRepository(em()).daysOfKey(created.body.id);
    expect(daily.map(({ requests }) => ({ requests }))).toEqual([{ requests: '3' }]);
  }, 60_000);
});
