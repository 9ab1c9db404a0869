import { migrateUp } from '@fxrates/db';
import { bullConnection, bullPrefix, paypalEventJobId, QUEUES } from '@fxrates/queues';
import { Queue } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { payPalEnv } from '../../api/test/support/paypal-env';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startTestApp, type TestApp } from '../../api/test/test-app';
import { testConfig } from '../../api/test/test-config';
import { billingProbe } from './support/billing-probe';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/throwaway-postgres';
import { freePort } from '@fxrates/testing';
import { until } from './support/waiting';
import { BASIC_ANNUAL, subscribedUser } from './support/subscribed';

const ROOT = path.resolve(__dirname, '../../..');
const WORKER_MAIN = path.join(ROOT, 'dist/services/worker/src/main.js');
const OUTAGE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * PostgreSQL (a server of this test's own) killed for a minute while PayPal events are in flight:
 * one stored before the kill and applied into the outage, one that arrives during it. Each job runs
 * out of attempts during the outage; after it, the worker's sweep applies both, with nobody running
 * a command, and each once.
 */
describe('worker: PayPal events through a PostgreSQL outage', () => {
  let pg: ThrowawayPostgres;
  let paypal: PayPalStandIn;
  let api: TestApp;
  let worker: ChildProcess;

  beforeAll(async () => {
    if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run \`npm run build\` first`);
    pg = await startThrowawayPostgres();
    await pg.createDatabase('fxrates');
    await migrateUp({ url: pg.urlOf('fxrates'), poolMax: 2 });
    paypal = await startPayPalStandIn({ plans: { [BASIC_ANNUAL]: { interval: 'YEAR', price: '167.88' } } });
    const env = {
      DATABASE_URL: pg.urlOf('fxrates'),
      REDIS_URL: 'redis://127.0.0.1:6379/13',
      REDIS_KEY_PREFIX: `fxrates-test-pgfault-${randomBytes(4).toString('hex')}:`,
      PAYPAL_EVENT_ATTEMPTS: '3',
      PAYPAL_EVENT_SWEEP_INTERVAL_MS: '5000',
      RATES_INGEST_INTERVAL_MS: '600000',
      // About PayPal: the spawned worker asks no rate source (offline) and backfills no history
      // (history-backfill-outage.e2e-spec kills PostgreSQL under the backfill).
      RATES_PROVIDERS: 'bundled-snapshot',
      RATES_HISTORY_BACKFILL: 'none',
      ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
    };
    api = await startTestApp(testConfig(env));
    worker = spawn(process.execPath, [WORKER_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        WORKER_HEALTH_PORT: String(await freePort()),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }, 60_000);
  afterAll(async () => {
    paypal?.releaseSubscriptionReads();
    if (worker && worker.exitCode === null && worker.signalCode === null) {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
    await api?.close();
    await paypal?.close();
    await pg?.destroy();
  });

  it('applies an event stored before the outage and one that arrived during it, once each, after recovery', async () => {
    const probe = billingProbe({ api, paypal });
    const stored = await subscribedUser(api, paypal);
    const arriving = await subscribedUser(api, paypal);
    // Both paid periods are over: a cancellation ends the plan at once (back to free).
    for (const { paypalId } of [stored, arriving]) {
      await probe.updateSubscription(paypalId, { currentPeriodEnd: new Date(Date.now() - DAY_MS) });
    }
    const queue = new Queue(QUEUES.paypalWebhooks, {
      connection: bullConnection(api.config.redis.url),
      prefix: bullPrefix(api.config.redis.keyPrefix),
    });
    const stateOf = async (eventId: string) =>
      (await queue.getJob(paypalEventJobId(eventId)))?.getState() ?? 'missing';

    try {
      // Stored and queued while PostgreSQL is up; the worker is inside it, waiting on PayPal.
      paypal.holdSubscriptionReads = true;
      paypal.setStatus(stored.paypalId, 'CANCELLED');
      const before = paypal.event('BILLING.SUBSCRIPTION.CANCELLED', stored.paypalId);
      await probe.deliver(before);
      await until(() => paypal.heldReads() > 0);

      await pg.kill();
      const killedAt = Date.now();
      paypal.releaseSubscriptionReads(); // its write now meets a dead PostgreSQL

      // Arrives during the outage: verified with PayPal, answered 200, queued with its body.
      paypal.setStatus(arriving.paypalId, 'CANCELLED');
      const during = paypal.event('BILLING.SUBSCRIPTION.CANCELLED', arriving.paypalId);
      await probe.deliver(during);

      // Both run out of attempts while PostgreSQL is down (the sweep then retries them, in vain
      // until PostgreSQL is back): nothing but the sweep brings an exhausted job back.
      const exhausted = new Set<string>();
      await until(async () => {
        for (const id of [before.id, during.id]) if ((await stateOf(id)) === 'failed') exhausted.add(id);
        return exhausted.size === 2;
      }, 30_000);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + OUTAGE_MS - Date.now())));
      expect(await probe.processed(before.id).catch((error: Error) => error.message)).not.toBe(true);
      await pg.start();

      const bothApplied = async () =>
        (await probe.processed(before.id)) && (await probe.processed(during.id));
      await until(() => bothApplied().catch(() => false), 30_000); // the API's pool reconnects too
      for (const { userId, paypalId } of [stored, arriving]) {
        expect((await probe.subscriptionRow(paypalId)).status).toBe('cancelled');
        expect(await probe.planOf(userId)).toBe('free');
      }
      const events = await Promise.all(
        [before.id, during.id].map(async (id) => {
          const rows = await probe.webhookEvents(id);
          return { eventId: id, n: rows.length, applied: rows.every((row) => row.processedAt !== null) };
        }),
      );
      expect(events).toEqual([before.id, during.id].map((id) => ({ eventId: id, n: 1, applied: true })));
      expect([worker.exitCode, worker.signalCode]).toEqual([null, null]); // it lived through the outage
    } finally {
      await queue.close();
    }
  }, 120_000);

  it('queues a stored, unapplied event whose job is gone (Redis lost it) on the next sweep', async () => {
    const probe = billingProbe({ api, paypal });
    const { userId, paypalId } = await subscribedUser(api, paypal);
    await probe.updateSubscription(paypalId, { currentPeriodEnd: new Date(Date.now() - DAY_MS) });
    paypal.setStatus(paypalId, 'CANCELLED');
    const event = paypal.event('BILLING.SUBSCRIPTION.CANCELLED', paypalId);
    // Stored as the API stores it, but never queued.
    await probe.given.webhookEvent(event, { resourceId: paypalId });
    await until(() => probe.processed(event.id), 20_000); // the sweep runs every 5 s here
    expect(await probe.planOf(userId)).toBe('free');
  }, 30_000);
});
