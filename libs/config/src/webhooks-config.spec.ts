import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig as loadConfigFrom } from './config';

// Generated development secrets go to a directory of this file's own, not into the checkout.
const secrets = mkdtempSync(path.join(tmpdir(), 'fxrates-webhooks-config-spec-'));
afterAll(() => rmSync(secrets, { recursive: true, force: true }));
const loadConfig = (env: NodeJS.ProcessEnv) =>
  loadConfigFrom(env, { directory: secrets, notice: () => undefined });

const base = { NODE_ENV: 'test', JWT_SECRET: 'j'.repeat(40), API_KEY_HASH_SECRET: 'h'.repeat(40) };

describe('WEBHOOKS_* configuration', () => {
  it('defaults to https only, eight attempts over about 24 hours, 10 s, disabling after 3 failed deliveries', () => {
    const { webhooks } = loadConfig(base);
    expect(webhooks).toEqual({
      allowInsecureLocalhost: false,
      retryDelaysMs: [5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 28_800_000, 28_800_000],
      timeoutMs: 10_000,
      disableAfterFailedDeliveries: 3,
      dnsServers: [],
    });
    const total = webhooks.retryDelaysMs.reduce((sum, delay) => sum + delay, 0);
    expect(total / 3_600_000).toBeGreaterThan(23);
    expect(total / 3_600_000).toBeLessThan(25);
  });

  it('reads its variables, and refuses retry delays that are not positive integers', () => {
    const { webhooks } = loadConfig({
      ...base,
      WEBHOOKS_ALLOW_INSECURE_LOCALHOST: 'true',
      WEBHOOKS_RETRY_DELAYS_MS: '10, 20',
      WEBHOOKS_DNS_SERVERS: '127.0.0.1:5353',
    });
    expect(webhooks).toMatchObject({
      allowInsecureLocalhost: true,
      retryDelaysMs: [10, 20],
      dnsServers: ['127.0.0.1:5353'],
    });
    expect(() => loadConfig({ ...base, WEBHOOKS_RETRY_DELAYS_MS: '5s,10' })).toThrow(
      /WEBHOOKS_RETRY_DELAYS_MS must be positive integers/,
    );
  });

  it('refuses plain-http localhost endpoints in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        WEBHOOKS_ALLOW_INSECURE_LOCALHOST: 'true',
        JWT_SECRET: 'j'.repeat(40),
        API_KEY_HASH_SECRET: 'h'.repeat(40),
        DATABASE_URL: 'postgres://db/x',
        REDIS_URL: 'redis://cache/0',
        RECAPTCHA_SECRET: 'recaptcha-secret',
        WEB_URL: 'https://fxrates.example.com',
      }),
    ).toThrow(/WEBHOOKS_ALLOW_INSECURE_LOCALHOST must not be set in production/);
  });
});
