import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { payPalEnv } from '../../../api/test/support/paypal-env';
import { startPayPalStandIn, type PayPalStandIn } from '../../../../libs/paypal/src/stand-in/paypal-stand-in';
import { startTestApp, type TestApp } from '../../../api/test/test-app';
import { testConfig } from '../../../api/test/test-config';
import { WorkerModule } from '../../src/worker.module';
import { BASIC_ANNUAL } from './subscribed';

/** PayPal's stand-in selling Basic annual, an API instance and a worker, on one config. */
export interface BillingWorld {
  paypal: PayPalStandIn;
  api: TestApp;
  worker: INestApplicationContext;
  close(): Promise<void>;
}

export async function startBillingWorld(): Promise<BillingWorld> {
  const paypal = await startPayPalStandIn({
    plans: { [BASIC_ANNUAL]: { interval: 'YEAR', price: '167.88' } },
  });
  const config = testConfig({
    ...payPalEnv(paypal, `basic.annual=${BASIC_ANNUAL}`),
    RATES_INGEST_INTERVAL_MS: '600000',
    USAGE_FLUSH_INTERVAL_MS: '600000',
  });
  const api = await startTestApp(config);
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
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
