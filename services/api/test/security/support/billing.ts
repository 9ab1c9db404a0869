import request from 'supertest';
import {
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../../../../libs/paypal/src/stand-in/paypal-stand-in';
import { payPalEnv } from '../../support/paypal-env';
import { startTestApp, type TestApp } from '../../test-app';
import { testConfig } from '../../test-config';
import type { Account } from './accounts';

/** Our PayPal plans in these tests, at the prices of our table. */
export const BASIC_MONTHLY = 'P-BASIC-MONTHLY';
export const ENTERPRISE_MONTHLY = 'P-ENTERPRISE-MONTHLY';

export interface BillingApp {
  t: TestApp;
  paypal: PayPalStandIn;
  close(): Promise<void>;
}

/** The API with PayPal billing on, against the PayPal stand-in. */
export async function startBillingApp(overrides: Record<string, string> = {}): Promise<BillingApp> {
  const paypal = await startPayPalStandIn({
    plans: {
      [BASIC_MONTHLY]: { interval: 'MONTH', price: '15.99' },
      [ENTERPRISE_MONTHLY]: { interval: 'MONTH', price: '99.99' },
    },
  });
  const planIds = `basic.monthly=${BASIC_MONTHLY},enterprise.monthly=${ENTERPRISE_MONTHLY}`;
  const t = await startTestApp(testConfig({ ...payPalEnv(paypal, planIds), ...overrides }));
  return {
    t,
    paypal,
    async close() {
      await t.close();
      await paypal.close();
    },
  };
}

/** POST /api/v1/subscriptions as `account`, for Basic monthly unless `fields` say otherwise. */
export function subscribe(t: TestApp, account: Account, fields: Record<string, unknown>): request.Test {
  return request(t.app.getHttpServer())
    .post('/api/v1/subscriptions')
    .set('Authorization', `Bearer ${account.accessToken}`)
    .send({ plan: 'basic', billingCycle: 'monthly', ...fields });
}
