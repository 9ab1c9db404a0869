import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from './env-schema';
import { loadConfig } from './config';

describe('loadConfig', () => {
  // Development keeps its generated secrets in a directory of this file's own, not in the checkout.
  const secrets = mkdtempSync(path.join(tmpdir(), 'fxrates-config-spec-'));
  afterAll(() => rmSync(secrets, { recursive: true, force: true }));
  const load = (env: NodeJS.ProcessEnv) => loadConfig(env, { directory: secrets, notice: () => undefined });

  it('gives development defaults', () => {
    const config = load({});
    expect(config.nodeEnv).toBe('development');
    expect(config.api.port).toBe(4000);
    expect(config.database.url).toBe('postgres://postgres@127.0.0.1:5432/fxrates_dev');
    expect(config.product.apiKeyPrefix).toBe('fxrates_');
  });

  it('listens on loopback outside production unless API_HOST says otherwise', () => {
    expect(load({}).api.host).toBe('127.0.0.1');
    expect(load({ NODE_ENV: 'test' }).api.host).toBe('127.0.0.1');
    expect(load({ API_HOST: '0.0.0.0' }).api.host).toBe('0.0.0.0');
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/x',
      REDIS_URL: 'redis://cache/0',
      JWT_SECRET: 'j'.repeat(40),
      API_KEY_HASH_SECRET: 'h'.repeat(40),
      RECAPTCHA_SECRET: 'recaptcha-secret',
      WEB_URL: 'https://fxrates.example.com',
    };
    // What a container needs; docker-compose, the image and the k8s ConfigMap also say so explicitly.
    expect(load(production).api.host).toBe('0.0.0.0');
  });

  it('uses a separate database and Redis DB in tests', () => {
    const config = load({ NODE_ENV: 'test' });
    expect(config.database.url).toMatch(/fxrates_test$/);
    expect(config.redis.url).toMatch(/\/15$/);
  });

  it('names every bad variable on its own line', () => {
    let error: unknown;
    try {
      load({ API_PORT: 'eighty', REDIS_URL: 'http://x', TRUST_PROXY: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^API_PORT must be an integer/);
    expect(problems.find((p) => p.startsWith('REDIS_URL'))).toMatch(/redis: or rediss:/);
    expect(problems.find((p) => p.startsWith('TRUST_PROXY'))).toMatch(/true or false/);
  });

  it('refuses production without its connection URLs and never prints a secret value', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL is required[\s\S]*REDIS_URL is required/,
    );
    // Links in customers' emails never point at a developer's localhost.
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/WEB_URL is required/);
    expect(load({}).mail.webUrl).toBe('http://localhost:3000');
    expect(load({ WEB_URL: 'https://fxrates.example.com/' }).mail.webUrl).toBe('https://fxrates.example.com');
    try {
      load({ DATABASE_URL: 'mysql://user:hunter2@db/x' });
    } catch (e) {
      expect((e as Error).message).toMatch(/DATABASE_URL must use postgres:/);
      expect((e as Error).message).not.toMatch(/hunter2/);
    }
  });

  it('backfills history from every keyless range source by default; none turns it off, a typo is refused', () => {
    expect(load({}).rates.history.sources).toEqual(['frankfurter', 'binance', 'coinbase', 'coingecko']);
    expect(load({ RATES_HISTORY_BACKFILL: '' }).rates.history.sources).toEqual([
      'frankfurter',
      'binance',
      'coinbase',
      'coingecko',
    ]);
    expect(load({ RATES_HISTORY_BACKFILL: 'none' }).rates.history.sources).toEqual([]);
    expect(load({ RATES_HISTORY_BACKFILL: 'binance' }).rates.history.sources).toEqual(['binance']);
    expect(() => load({ RATES_HISTORY_BACKFILL: 'binance,kraken' })).toThrow(
      /RATES_HISTORY_BACKFILL must be/,
    );
  });

  it('parses plan limit overrides and refuses malformed ones', () => {
    expect(load({ PLAN_LIMITS: 'enterprise=1000000:500, free=5:100' }).usage.planLimits).toEqual({
      enterprise: { monthlyQuota: 1_000_000, burstPerSecond: 500 },
      free: { monthlyQuota: 5, burstPerSecond: 100 },
    });
    expect(load({}).usage.planLimits).toEqual({});
    expect(() => load({ PLAN_LIMITS: 'gold=1:1' })).toThrow(/PLAN_LIMITS must be entries like/);
    expect(() => load({ PLAN_LIMITS: 'free=0:1' })).toThrow(/PLAN_LIMITS must be entries like/);
  });

  it('leases quota unless METERING_LEASES is off, and refuses any other value', () => {
    expect(load({}).usage.leases).toBe(true);
    expect(load({ METERING_LEASES: 'on' }).usage.leases).toBe(true);
    expect(load({ METERING_LEASES: 'off' }).usage.leases).toBe(false);
    expect(() => load({ METERING_LEASES: 'false' })).toThrow(/METERING_LEASES must be one of on, off/);
  });

  it('reads a secret from <NAME>_FILE, and names the file when it cannot', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fxrates-config-'));
    const file = path.join(dir, 'jwt_secret');
    writeFileSync(file, `${'s'.repeat(40)}\n`);
    expect(load({ JWT_SECRET_FILE: file }).auth.jwtSecret).toBe('s'.repeat(40));
    expect(() => load({ JWT_SECRET_FILE: path.join(dir, 'missing') })).toThrow(
      /JWT_SECRET_FILE cannot be read: ENOENT/,
    );
    rmSync(dir, { recursive: true });
  });

  it('refuses production without its secrets, and a short one anywhere, without echoing it', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/RECAPTCHA_SECRET is required/);
    expect(() => load({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required[\s\S]*API_KEY_HASH_SECRET is required|API_KEY_HASH_SECRET is required[\s\S]*JWT_SECRET is required/,
    );
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/x',
      REDIS_URL: 'redis://cache/0',
      API_KEY_HASH_SECRET: 'h'.repeat(40),
      RECAPTCHA_SECRET: 'recaptcha-secret',
      WEB_URL: 'https://fxrates.example.com',
    };
    expect(load({ ...production, JWT_SECRET: 'k'.repeat(48) }).auth.jwtSecret).toBe('k'.repeat(48));
    expect(() => load({ JWT_SECRET: 'short-secret-xyz' })).toThrow(/JWT_SECRET must be at least 32/);
    expect(() => load({ JWT_SECRET: 'short-secret-xyz' })).not.toThrow(/short-secret-xyz/);
  });
  describe("the contact form's reCAPTCHA (CONTACT_RECAPTCHA)", () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/x',
      REDIS_URL: 'redis://cache/0',
      JWT_SECRET: 'j'.repeat(40),
      API_KEY_HASH_SECRET: 'h'.repeat(40),
      WEB_URL: 'https://fxrates.example.com',
    };

    it('is on by default, and production then refuses to start without the secret, naming the switch', () => {
      expect(() => load(production)).toThrow(/RECAPTCHA_SECRET is required \(.*unless CONTACT_RECAPTCHA=off/);
      expect(() => load({ ...production, RECAPTCHA_SECRET: '' })).toThrow(/RECAPTCHA_SECRET is required/);
      expect(() => load({ ...production, CONTACT_RECAPTCHA: 'on' })).toThrow(/RECAPTCHA_SECRET is required/);
      const config = load({ ...production, RECAPTCHA_SECRET: 'recaptcha-secret' });
      expect(config.contact).toMatchObject({ recaptcha: 'on', recaptchaSecret: 'recaptcha-secret' });
    });

    it('lets production run the form without reCAPTCHA only when CONTACT_RECAPTCHA=off says so', () => {
      const config = load({ ...production, CONTACT_RECAPTCHA: 'off' });
      expect(config.contact).toMatchObject({ recaptcha: 'off', recaptchaSecret: '' });
      expect(load({ ...production, CONTACT_RECAPTCHA: 'off', RECAPTCHA_SECRET: '' }).contact.recaptcha).toBe(
        'off',
      );
    });

    it('refuses a secret beside off, and any value but on and off', () => {
      expect(() =>
        load({ ...production, CONTACT_RECAPTCHA: 'off', RECAPTCHA_SECRET: 'recaptcha-secret' }),
      ).toThrow(/RECAPTCHA_SECRET is set but CONTACT_RECAPTCHA=off/);
      expect(() => load({ CONTACT_RECAPTCHA: 'off', RECAPTCHA_SECRET: 'recaptcha-secret' })).toThrow(
        /CONTACT_RECAPTCHA=off/,
      );
      expect(() => load({ ...production, CONTACT_RECAPTCHA: 'false' })).toThrow(
        /CONTACT_RECAPTCHA must be one of on, off/,
      );
    });

    it('outside production stays on with an empty secret (the check is skipped with a warning)', () => {
      expect(load({}).contact).toMatchObject({ recaptcha: 'on', recaptchaSecret: '' });
      expect(load({ NODE_ENV: 'test', CONTACT_RECAPTCHA: 'off' }).contact.recaptcha).toBe('off');
    });
  });

  describe('OpenTelemetry tracing (OTEL_*)', () => {
    it('is off without an endpoint, or with OTEL_TRACES_EXPORTER=none', () => {
      expect(load({}).tracing).toBeUndefined();
      expect(
        load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }).tracing,
      ).toBeUndefined();
    });

    it('sends to <endpoint>/v1/traces, protobuf unless http/json is asked for', () => {
      expect(load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
        tracesUrl: 'http://collector:4318/v1/traces',
        encoding: 'protobuf',
        serviceName: undefined,
      });
      expect(
        load({
          OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example/otlp',
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_SERVICE_NAME: 'fxrates-eu',
        }).tracing,
      ).toEqual({
        tracesUrl: 'https://otel.example/otlp/v1/traces',
        encoding: 'json',
        serviceName: 'fxrates-eu',
      });
    });

    it('refuses gRPC, an endpoint that is not an http(s) URL, and an unknown exporter', () => {
      expect(() =>
        load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }),
      ).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL must be one of http\/protobuf, http\/json/);
      expect(() => load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
        /OTEL_EXPORTER_OTLP_ENDPOINT must use https: or http:/,
      );
      expect(() => load({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(ConfigError);
    });
  });
});
