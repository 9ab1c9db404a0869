import { ContactMessage, Subscription, WebhookEvent } from '@fxrates/db';
import { MikroORM } from '@mikro-orm/postgresql';
import { paypalEventJobId, QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
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

/**
 * A rolling deploy: SIGTERM to one of two built workers while it holds a job. The job finishes
 * within WORKER_SHUTDOWN_GRACE_MS, or is handed back to the queue and run by the other worker;
 * either way its effect happens once, and the process exits 0.
 */
describe('worker: SIGTERM with a job in hand', () => {
  let smtp: SmtpSink;
  let paypal: PayPalStandIn;
  let api: TestApp;
  let email: Queue;
  let webhooks: Queue;
  const workers: WorkerProcess[] = [];
  const config = testConfig();

  const em = () => api.app.get(MikroORM).em.fork();
  const startWorkers = async (graceMs: number) => {
    const env = {
      ...FAST_RECOVERY,
      ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
      WORKER_SHUTDOWN_GRACE_MS: String(graceMs),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SUPPORT_EMAIL: 'support@fxrates.example',
    };
    const started = await Promise.all([startWorkerProcess(config, env), startWorkerProcess(config, env)]);
    workers.push(...started);
    return started;
  };
  const contactMessage = async (subject: string): Promise<string> => {
    await request(api.app.getHttpServer())
      .post('/api/v1/contact')
      .send({ name: 'Ada Lovelace', email: 'ada@example.com', subject, message: 'Hi', recaptchaToken: 'dev' })
      .expect(202);
    return (await em().findOneOrFail(ContactMessage, { subject })).id;
  };
  /** The copies of a contact message's mail the sink received (its subject is in the body, not a header). */
  const copiesOf = (id: string) =>
    smtp.mails.filter((m) => m.header('Message-ID') === `<contact-${id}@fxrates.example>`);
  const emailedAt = async (id: string) => (await em().findOneOrFail(ContactMessage, id)).emailedAt;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    paypal = await startPayPalStandIn({ plans: { [BASIC_ANNUAL]: { interval: 'YEAR', price: '167.88' } } });
    api = await startTestApp(
      testConfig({
        REDIS_KEY_PREFIX: config.redis.keyPrefix,
        ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
      }),
    );
    await settleLeftoverMail(api.app.get(MikroORM).em);
    email = queueOf(config, QUEUES.email);
    webhooks = queueOf(config, QUEUES.paypalWebhooks);
  });
  afterEach(async () => {
    smtp.release();
    paypal.releaseSubscriptionReads();
    await killAll(workers.splice(0));
  });
  afterAll(async () => {
    await Promise.all([email.close(), webhooks.close()]);
    await api.close();
    await Promise.all([smtp.close(), paypal.close()]);
  });

  it('lets the job in hand finish within the grace period, then exits 0', async () => {
    const pair = await startWorkers(15_000);
    smtp.hold();
    const subject = `Deploy ${randomUUID()}`;
    const id = await contactMessage(subject);
    await until(() => smtp.held() > 0);
    const holder = await holderOf(email, id, pair);

    holder.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    expect(holder.running()).toBe(true); // waiting for its job, taking no new one
    smtp.release();
    expect(await holder.exited).toEqual({ code: 0, signal: null });
    expect(copiesOf(id)).toHaveLength(1);
    expect(await emailedAt(id)).not.toBeNull();
    expect((await email.getJob(id))!.processedBy).toBe(holder.name);
  }, 60_000);

  it('hands an email still unanswered at the end of the grace period to the other worker: one copy', async () => {
    const pair = await startWorkers(1000);
    smtp.hold();
    const subject = `Deploy, slow SMTP ${randomUUID()}`;
    const id = await contactMessage(subject);
    await until(() => smtp.held() > 0);
    const holder = await holderOf(email, id, pair);
    const other = pair.find((w) => w !== holder)!;

    holder.child.kill('SIGTERM');
    expect(await holder.exited).toEqual({ code: 0, signal: null });
    expect(holder.output.join('')).toContain('handed back');
    await until(async () => (await email.getJob(id))!.processedBy === other.name);
    await until(() => smtp.heldFromHungUpClients() === 1); // the sink has seen the first worker's connection close
    smtp.release(); // the first worker's message was cut before its 250: not delivered
    await until(async () => (await emailedAt(id)) !== null, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(copiesOf(id)).toHaveLength(1);
    expect((await email.getJob(id))!.stalledCounter).toBe(0); // handed back, not left to stall
  }, 60_000);

  it('hands back a PayPal event whose transaction is open: nothing half-applied, the other worker applies it', async () => {
    const pair = await startWorkers(1000);
    const { paypalId } = await subscribedUser(api, paypal);
    paypal.holdSubscriptionReads = true;
    paypal.setStatus(paypalId, 'CANCELLED');
    const event = paypal.event('BILLING.SUBSCRIPTION.CANCELLED', paypalId);
    await billingProbe({ api, paypal }).deliver(event);
    await until(() => paypal.heldReads() > 0);
    const jobId = paypalEventJobId(event.id);
    const holder = await holderOf(webhooks, jobId, pair);
    const other = pair.find((w) => w !== holder)!;
    /** The event's stored row and its subscription's, as one. */
    const row = async () => {
      const stored = em();
      const { processedAt } = await stored.findOneOrFail(WebhookEvent, { eventId: event.id });
      const { status } = await stored.findOneOrFail(Subscription, { paypalSubscriptionId: paypalId });
      return { processedAt, status };
    };

    holder.child.kill('SIGTERM');
    expect(await holder.exited).toEqual({ code: 0, signal: null });
    expect(await row()).toMatchObject({ processedAt: null, status: 'active' });
    await until(async () => (await webhooks.getJob(jobId))!.processedBy === other.name);
    paypal.releaseSubscriptionReads();
    await until(async () => (await row()).processedAt !== null, 20_000);
    expect((await row()).status).toBe('cancelled');
  }, 60_000);
});
