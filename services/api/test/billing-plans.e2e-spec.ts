import { Logger } from '@nestjs/common';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app';
import { testConfig } from './test-config';

describe('GET /api/billing/plans', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(
      testConfig({
        PAYPAL_CLIENT_ID: 'test-client-id',
        PAYPAL_PLAN_IDS: 'basic.monthly=P-BASIC-M,basic.annual=P-BASIC-A,enterprise.annual=P-ENT-A',
        PLAN_LIMITS: 'enterprise=1000000:500',
      }),
    );
  });
  afterAll(() => t.close());

  it('lists every plan with our prices, limits and PayPal plan ids, without signing in', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/billing/plans').expect(200);
    expect(res.body).toEqual({
      currency: 'USD',
      environment: 'sandbox',
      paypalClientId: 'test-client-id',
      plans: [
        {
          id: 'free',
          name: 'Free',
          monthlyQuota: 1000,
          burstPerSecond: 2,
          monthly: '0.00',
          annual: '0.00',
          annualPerMonth: '0.00',
          paypalPlanIds: { monthly: null, annual: null },
        },
        {
          id: 'basic',
          name: 'Basic',
          monthlyQuota: 10000,
          burstPerSecond: 10,
          monthly: '15.99',
          annual: '167.88',
          annualPerMonth: '13.99',
          paypalPlanIds: { monthly: 'P-BASIC-M', annual: 'P-BASIC-A' },
        },
        {
          id: 'professional',
          name: 'Professional',
          monthlyQuota: 100000,
          burstPerSecond: 50,
          monthly: '59.99',
          annual: '635.88',
          annualPerMonth: '52.99',
          paypalPlanIds: { monthly: null, annual: null },
        },
        {
          id: 'enterprise',
          name: 'Enterprise',
          monthlyQuota: 1000000,
          burstPerSecond: 500,
          monthly: '99.99',
          annual: '1019.88',
          annualPerMonth: '84.99',
          paypalPlanIds: { monthly: null, annual: 'P-ENT-A' },
        },
      ],
    });
  });

  it('logs an error for each PayPal plan id missing from the config', async () => {
    // Watched, not replaced: the service's own Logger still runs.
    const errors = jest.spyOn(Logger.prototype, 'error');
    try {
      await request(t.app.getHttpServer()).get('/api/billing/plans').expect(200);
      const missing = errors.mock.calls
        .map(([message]) => message)
        .filter((m) => /No PayPal plan id/.test(String(m)));
      expect(missing.sort()).toEqual([
        'No PayPal plan id for enterprise monthly: set it in PAYPAL_PLAN_IDS',
        'No PayPal plan id for professional annual: set it in PAYPAL_PLAN_IDS',
        'No PayPal plan id for professional monthly: set it in PAYPAL_PLAN_IDS',
      ]);
    } finally {
      errors.mockRestore();
    }
  });

  it('never gives out the client secret', async () => {
    const secret = 'plans-test-secret-value';
    const other = await startTestApp(testConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: secret }));
    try {
      const res = await request(other.app.getHttpServer()).get('/api/billing/plans').expect(200);
      expect(res.text).not.toContain(secret);
    } finally {
      await other.close();
    }
  });
});
