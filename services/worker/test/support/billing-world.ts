import type { INestApplicationContext, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES } from '@fxrates/queues';
import type { Queue } from 'bullmq';
import { payPalEnv } from '../../../api/test/support/paypal-env';
import { startPayPalStandIn, type PayPalStandIn } from '../../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startTestApp, type TestApp } from '../../../api/test/test-app';
import { testConfig } from '../../../api/test/test-config';
import { WorkerModule } from '../../src/worker.module';
import { BASIC_ANNUAL, ENTERPRISE_MONTHLY } from './subscribed';
import { until } from './waiting';

/** PayPal's stand-in selling Basic annual and Enterprise monthly, an API instance and a worker, on one config. */
export interface BillingWorld {
  paypal: PayPalStandIn;
  api: TestApp;
  worker: INestApplicationContext;
  close(): Promise<void>;
}

export interface BillingWorldOptions {
  /** Environment over the test config's (e.g. another REDIS_URL). */
  env?: Record<string, string>;
  /** Where the worker logs; silent when not given. */
  workerLogger?: LoggerService;
}

export async function startBillingWorld(options: BillingWorldOptions = {}): Promise<BillingWorld> {
  const paypal = await startPayPalStandIn({
    plans: {
      [BASIC_ANNUAL]: { interval: 'YEAR', price: '167.88' },
      [ENTERPRISE_MONTHLY]: { interval: 'MONTH', price: '99.99' },
    },
  });
  const config = testConfig({
    ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL},enterprise.monthly=${ENTERPRISE_MONTHLY}`),
    RATES_INGEST_INTERVAL_MS: '600000',
    USAGE_FLUSH_INTERVAL_MS: '600000',
    ...options.env,
  });
  const api = await startTestApp(config);
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: options.workerLogger ?? false,
  });
  // The hourly billing sweep runs once as the worker starts: a test's own sweep, or the state it sets
  // up, must not race it (each would find the other's work done).
  const billingQueue = worker.get<Queue>(getQueueToken(QUEUES.paypalWebhooks));
  await until(async () => {
    const counts = await billingQueue.getJobCounts('active', 'waiting', 'prioritized');
    return counts.active + counts.waiting + counts.prioritized === 0;
  }, 60_000);
  return {
    paypal,
    api,
    worker,
    async close() {
      await worker.close();
      await api.close();
      await paypal.close();
    },
  };
}
