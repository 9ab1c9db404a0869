import { bullPrefix, paypalEventJobId, QUEUES } from '@fxrates/queues';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { payPalEnv } from '../../api/test/support/paypal-env';
import { startPayPalStandIn, type PayPalStandIn } from '../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startTestApp, type TestApp } from '../../api/test/test-app';
import { testConfig } from '../../api/test/test-config';
import { billingProbe } from './support/billing-probe';
import { freePort } from '@fxrates/testing';
import { until } from './support/waiting';
import { BASIC_ANNUAL, subscribedUser } from './support/subscribed';

const ROOT = path.resolve(__dirname, '../../..');
const WORKER_MAIN = path.join(ROOT, 'dist/services/worker/src/main.js');

/**
 * The built worker as a process of its own, so it can be killed (SIGKILL: no shutdown hooks, its
 * job left active with a lock) the way a crash or an OOM kill would.
 */
describe('worker: a PayPal event interrupted by a crash', () => {
  let paypal: PayPalStandIn;
  let api: TestApp;
  const workers: ChildProcess[] = [];

  async function startWorker(): Promise<ChildProcess> {
    const child = spawn(process.execPath, [WORKER_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: api.config.database.url,
        REDIS_URL: api.config.redis.url,
        REDIS_KEY_PREFIX: api.config.redis.keyPrefix,
        WORKER_HEALTH_PORT: String(await freePort()),
        RATES_INGEST_INTERVAL_MS: '600000',
        USAGE_FLUSH_INTERVAL_MS: '600000',
        ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run \`npm run build\` first`);
    paypal = await startPayPalStandIn({ plans: { [BASIC_ANNUAL]: { interval: 'YEAR', price: '167.88' } } });
    api = await startTestApp(testConfig(payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`)));
  });
  afterAll(async () => {
    paypal.releaseSubscriptionReads();
    for (const child of workers) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
    await api.close();
    await paypal.close();
  });

  it('is processed once, by the next worker, after the first is killed mid-event', async () => {
    const { paypalId } = await subscribedUser(api, paypal);

    const first = await startWorker();
    paypal.holdSubscriptionReads = true;
    paypal.setStatus(paypalId, 'CANCELLED');
    const event = paypal.event('BILLING.SUBSCRIPTION.CANCELLED', paypalId);
    const probe = billingProbe({ api, paypal });
    await probe.deliver(event);
    await until(() => paypal.heldReads() > 0); // the worker is inside the event, waiting on PayPal

    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    paypal.releaseSubscriptionReads();
    /** The stored event's processing and the subscription's status (fails while either is missing). */
    const row = async () => {
      const [stored] = await probe.webhookEvents(event.id);
      return { processedAt: stored.processedAt, status: (await probe.subscriptionRow(paypalId)).status };
    };
    expect(await row()).toEqual({ processedAt: null, status: 'active' }); // nothing half-applied

    // What 30 s of lock expiry and BullMQ's stalled check would leave; saves the wait.
    const queueKey = `${bullPrefix(api.config.redis.keyPrefix)}:${QUEUES.paypalWebhooks}`;
    const jobId = paypalEventJobId(event.id);
    await api.redis.del(`${queueKey}:${jobId}:lock`, `${queueKey}:stalled-check`);
    await api.redis.sadd(`${queueKey}:stalled`, jobId);

    await startWorker();
    await until(async () => (await row()).processedAt !== null, 20_000);
    expect((await row()).status).toBe('cancelled');
    expect(await probe.webhookEvents(event.id)).toHaveLength(1);
  }, 60_000);
});
