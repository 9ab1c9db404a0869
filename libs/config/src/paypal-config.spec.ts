import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from './env-schema';
import { loadConfig } from './config';

describe('PayPal configuration', () => {
  // Development keeps its generated secrets in a directory of this file's own, not in the checkout.
  const secrets = mkdtempSync(path.join(tmpdir(), 'fxrates-config-spec-'));
  afterAll(() => rmSync(secrets, { recursive: true, force: true }));
  const load = (env: NodeJS.ProcessEnv) => loadConfig(env, { directory: secrets, notice: () => undefined });

  it('defaults to the sandbox with billing off', () => {
    expect(load({}).paypal).toEqual({
      environment: 'sandbox',
      apiBaseUrl: 'https://api-m.sandbox.paypal.com',
      clientId: '',
      clientSecret: '',
      planIds: {},
      webhookId: '',
      webhookToleranceMs: 300_000,
      webhookIpPerMinute: 300,
      certTimeoutMs: 5_000,
      activationPollMs: 1000,
      eventAttempts: 5,
      eventSweepIntervalMs: 300_000,
    });
  });

  it('picks the live REST host for the live environment unless a base URL is given', () => {
    expect(load({ PAYPAL_ENVIRONMENT: 'live' }).paypal.apiBaseUrl).toBe('https://api-m.paypal.com');
    expect(load({ PAYPAL_API_BASE_URL: 'http://127.0.0.1:9999/' }).paypal.apiBaseUrl).toBe(
      'http://127.0.0.1:9999',
    );
  });

  it('reads plan ids per plan and cycle', () => {
    const { planIds } = load({
      PAYPAL_PLAN_IDS: 'basic.monthly=P-1AB, basic.annual=P-2CD,enterprise.annual=P-9ZZ',
    }).paypal;
    expect(planIds).toEqual({
      'basic.monthly': 'P-1AB',
      'basic.annual': 'P-2CD',
      'enterprise.annual': 'P-9ZZ',
    });
  });

  it.each([
    'free.monthly=P-1AB',
    'basic.weekly=P-1AB',
    'basic.monthly=',
    'basic.monthly=P 1',
    'basic.monthly=P-1,basic.monthly=P-2',
  ])('refuses PAYPAL_PLAN_IDS=%s', (value) => {
    expect(() => load({ PAYPAL_PLAN_IDS: value })).toThrow(ConfigError);
  });

  it('reads the client secret from PAYPAL_CLIENT_SECRET_FILE and never prints it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paypal-secret-'));
    try {
      const file = path.join(dir, 'secret');
      writeFileSync(file, 'file-secret-value\n');
      expect(load({ PAYPAL_CLIENT_SECRET_FILE: file }).paypal.clientSecret).toBe('file-secret-value');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
