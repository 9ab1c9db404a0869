import { parseFixingCuts, RATE_PROVIDERS, type FixingCut, type RateProviderId } from '@fxrates/domain';
import { ConfigError, parseEnv, type NodeEnv, type Parsed, type PlanLimitOverride } from './env-schema';
import { withLocalSecrets, type LocalSecretsOptions } from './local-secrets';
import type { TracingConfig } from './tracing-config';
import { ENV_SCHEMA } from './schema';

export type Env = Parsed<typeof ENV_SCHEMA>;

export interface AppConfig {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** OpenTelemetry traces over OTLP/HTTP: undefined when off (no endpoint, or OTEL_TRACES_EXPORTER=none). */
  tracing?: TracingConfig;
  /** `pretty` in development (pino-pretty), JSON lines anywhere else. */
  logFormat: Env['LOG_FORMAT'];
  api: {
    host: string;
    port: number;
    /** `public-api`: only /api/v1 (and health, metrics), for a deployment of its own (docs/performance.md). */
    routes: 'all' | 'public-api';
    trustProxy: boolean;
    corsOrigins: string[];
  };
  worker: {
    healthPort: number;
    /** BullMQ's stalled-job recovery: a killed worker's jobs run again elsewhere after the lock expires. */
    lockDurationMs: number;
    stalledIntervalMs: number;
    maxStalledCount: number;
    /** How long SIGTERM waits for jobs in hand before handing them back. */
    shutdownGraceMs: number;
  };
  database: { url: string; poolMax: number };
  redis: { url: string; keyPrefix: string };
  product: { name: string; apiKeyPrefix: string; supportEmail: string };
  keys: {
    hashSecret: string;
    /** KEY_CREATE_LIMIT_PER_HOUR: keys one user may create per hour. */
    createLimitPerHour: number;
    /** Longest a cached key and its owner's plan are trusted without re-reading them (ms). */
    cacheMaxAgeMs: number;
  };
  sessions: { createLimitPerMinute: number };
  auth: {
    jwtSecret: string;
    cookieSecure: 'auto' | 'true';
    loginFailureLimit: number;
    loginFailureWindowSeconds: number;
    loginIpFailureLimit: number;
    loginBackoffMaxSeconds: number;
    signupLimitPerHour: number;
    /** Sign-ups per hour of wider networks than one address (IPv4 /24, IPv6 /56 and /48). */
    signupLimitPerHourByPrefix: { ipv4_24: number; ipv6_56: number; ipv6_48: number };
    /** Sign-ups per hour, all networks together, past which operators are warned (never refused). */
    signupWarnPerHour: number;
    /** How long a verification link is valid (ms), and how many resends a user may ask for per hour. */
    emailVerificationTtlMs: number;
    emailVerificationResendPerHour: number;
    /** Password-reset emails per address and per hour; reset requests per client address and per hour. */
    passwordResetPerHour: number;
    passwordResetIpPerHour: number;
    /** Email changes (each a mail to the new address) one user may ask for per hour. */
    emailChangePerHour: number;
    /** REAUTH_MAX_AGE_MINUTES: how old a sign-in's last proof may be for key creation and plan changes (ms). */
    reauthMaxAgeMs: number;
    passwordHashConcurrency: number;
    passwordHashQueueLimit: number;
  };
  converter: { sessionLimitPerMinute: number; userLimitPerMinute: number; ipLimitPerMinute: number };
  /** GET /api/v1/status: its per-IP limit, and how often the worker samples each source's age. */
  status: { ipLimitPerMinute: number; sampleIntervalMs: number };
  rates: {
    ingestIntervalMs: number;
    /** Where the ECB publishes, enabled as a live provider or not: the history ZIP is under it. */
    ecbBaseUrl: string;
    /** Enabled providers, each with its settings; the bundled snapshot needs none but its interval. */
    providers: RatesProviderConfig[];
    /** The daily history backfill: its sources (none: off) and where each is asked, enabled live or not. */
    history: {
      sources: Array<'frankfurter' | 'binance' | 'coinbase' | 'coingecko'>;
      urls: Record<'frankfurter' | 'binance' | 'coinbase' | 'coingecko', string>;
      /** RATES_COINGECKO_API_KEY: the live provider's key, sent with the history requests too. */
      coingeckoApiKey?: string;
    };
  };
  usage: {
    flushIntervalMs: number;
    planLimits: Record<string, PlanLimitOverride>;
    /** METERING_LEASES: whether API instances lease quota to busy users (see metering/leases.ts). */
    leases: boolean;
    /** USAGE_READS_PER_MINUTE: GET /api/usage calls per user and minute, and as many breakdown reads. */
    readsPerMinute: number;
  };
  /** GET /api/v1/stream (Server-Sent Events). */
  streams: {
    heartbeatMs: number;
    meterPeriodMs: number;
    resumeWindowMs: number;
    maxBufferBytes: number;
    /** Concurrent streams per user, by plan id (absent: 0). */
    limits: Record<string, number>;
  };
  contact: {
    /** CONTACT_RECAPTCHA: `off` runs the form without reCAPTCHA, by the operator's explicit choice. */
    recaptcha: 'on' | 'off';
    recaptchaSecret: string;
    recaptchaSiteKey: string;
    recaptchaVerifyUrl: string;
    recaptchaMinScore: number;
    recaptchaHostnames: string[];
    /** Messages per hour and IP (IPv6: /64), and per email address. */
    limitPerHour: number;
    addressLimitPerHour: number;
  };
  ops: { user: string; password: string; queuesWritable: boolean };
  mail: {
    smtpUrl: string;
    from: string;
    inbox: string;
    retryDelayMs: number;
    sweepIntervalMs: number;
    /** WEB_URL without a trailing slash: where links in emails point (e.g. `${webUrl}/pricing`). */
    webUrl: string;
  };
  /** FXRates fixings: the cuts (FIXING_CUTS) and how late after one its fixing may still be frozen. */
  fixings: { cuts: FixingCut[]; lateBoundMs: number };
  webhooks: {
    /** WEBHOOKS_ALLOW_INSECURE_LOCALHOST: http://localhost endpoints (development only). */
    allowInsecureLocalhost: boolean;
    /** Delays between the attempts of one delivery: attempts = length + 1. */
    retryDelaysMs: number[];
    timeoutMs: number;
    disableAfterFailedDeliveries: number;
    /** Resolver servers ("ip" or "ip:port"); empty: the system's dns.lookup. */
    dnsServers: string[];
  };
  paypal: {
    environment: 'sandbox' | 'live';
    apiBaseUrl: string;
    clientId: string;
    clientSecret: string;
    /** PayPal plan id by "<plan>.<cycle>", e.g. "basic.annual". */
    planIds: Record<string, string>;
    webhookId: string;
    /** Largest distance, either way, between a delivery's PAYPAL-TRANSMISSION-TIME and our clock. */
    webhookToleranceMs: number;
    /** Webhook deliveries per IP (IPv6 /64) and minute. */
    webhookIpPerMinute: number;
    /** How long the fetch of one webhook signing certificate may take. */
    certTimeoutMs: number;
    activationPollMs: number;
    /** Attempts of an `apply-paypal-event` job before the sweep takes it up again. */
    eventAttempts: number;
    /** How often received, unapplied events are re-queued. */
    eventSweepIntervalMs: number;
  };
}

export interface RatesProviderConfig {
  id: RateProviderId;
  baseUrl: string;
  apiKey?: string;
  intervalMs: number;
  timeoutMs: number;
}

function ratesProviders(e: Env): RatesProviderConfig[] {
  const settings = (id: RateProviderId): Omit<RatesProviderConfig, 'id' | 'apiKey'> => {
    const env = RATE_PROVIDERS[id].env;
    // The bundled snapshot reads a file: its job runs on the snapshot ingest interval.
    if (env === null) return { baseUrl: '', intervalMs: e.RATES_INGEST_INTERVAL_MS, timeoutMs: 10_000 };
    return {
      baseUrl: e[`RATES_${env}_URL`].replace(/\/+$/, ''),
      intervalMs: e[`RATES_${env}_INTERVAL_MS`],
      timeoutMs: e[`RATES_${env}_TIMEOUT_MS`],
    };
  };
  /** The sources that take a key of the operator's, each from its own variable. */
  const apiKeys: Partial<Record<RateProviderId, string>> = {
    oxr: e.RATES_OXR_APP_ID,
    coingecko: e.RATES_COINGECKO_API_KEY,
  };
  if (e.RATES_PROVIDERS.includes('oxr') && !e.RATES_OXR_APP_ID) {
    throw new ConfigError(['RATES_OXR_APP_ID is required when RATES_PROVIDERS includes oxr']);
  }
  return e.RATES_PROVIDERS.map((id) =>
    id in apiKeys ? { id, ...settings(id), apiKey: apiKeys[id] || undefined } : { id, ...settings(id) },
  );
}

/**
 * Whether the contact form checks reCAPTCHA. Production needs RECAPTCHA_SECRET for that (the schema
 * refuses to start without it) unless CONTACT_RECAPTCHA=off says the form runs without; a secret
 * beside `off` is refused rather than silently unused.
 */
function contactRecaptcha(e: Env): 'on' | 'off' {
  if (e.CONTACT_RECAPTCHA === 'off' && e.RECAPTCHA_SECRET) {
    throw new ConfigError([
      'RECAPTCHA_SECRET is set but CONTACT_RECAPTCHA=off turns the check off: set CONTACT_RECAPTCHA=on to use it, or leave the secret empty',
    ]);
  }
  return e.CONTACT_RECAPTCHA;
}

const PAYPAL_API_BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/** Variables whose value development and test generate when unset (see local-secrets.ts). */
const GENERATED = Object.entries(ENV_SCHEMA)
  .filter(([, variable]) => variable.generated)
  .map(([name]) => name);

/** Where spans go when tracing is on: the OTLP/HTTP base URL's /v1/traces. */
function tracingConfig(e: Env): TracingConfig | undefined {
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '');
  if (e.OTEL_TRACES_EXPORTER === 'none' || !base) return undefined;
  const tracesUrl = `${base}/v1/traces`;
  return {
    tracesUrl,
    encoding: e.OTEL_EXPORTER_OTLP_PROTOCOL === 'http/json' ? 'json' : 'protobuf',
    serviceName: e.OTEL_SERVICE_NAME || undefined,
  };
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  localSecrets: LocalSecretsOptions = {},
): AppConfig {
  const rawNodeEnv = env.NODE_ENV ?? 'development';
  const known = (['development', 'test', 'production'] as const).includes(rawNodeEnv as NodeEnv);
  const nodeEnv: NodeEnv = known ? (rawNodeEnv as NodeEnv) : 'development';
  // A mistyped NODE_ENV (a production one, say) is reported, never taken for development.
  const e = parseEnv(
    ENV_SCHEMA,
    known ? withLocalSecrets(env, nodeEnv, GENERATED, localSecrets) : env,
    nodeEnv,
  );
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    tracing: tracingConfig(e),
    logFormat: e.LOG_FORMAT,
    api: {
      host: e.API_HOST,
      port: e.API_PORT,
      routes: e.API_ROUTES,
      trustProxy: e.TRUST_PROXY,
      corsOrigins: e.CORS_ORIGINS,
    },
    worker: {
      healthPort: e.WORKER_HEALTH_PORT,
      lockDurationMs: e.WORKER_LOCK_DURATION_MS,
      stalledIntervalMs: e.WORKER_STALLED_INTERVAL_MS,
      maxStalledCount: e.WORKER_MAX_STALLED_COUNT,
      shutdownGraceMs: e.WORKER_SHUTDOWN_GRACE_MS,
    },
    database: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX },
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    product: { name: e.PRODUCT_NAME, apiKeyPrefix: e.API_KEY_PREFIX, supportEmail: e.SUPPORT_EMAIL },
    keys: {
      hashSecret: e.API_KEY_HASH_SECRET,
      createLimitPerHour: e.KEY_CREATE_LIMIT_PER_HOUR,
      cacheMaxAgeMs: e.API_CACHE_MAX_AGE_SECONDS * 1000,
    },
    sessions: { createLimitPerMinute: e.SESSION_CREATE_LIMIT_PER_MINUTE },
    auth: {
      jwtSecret: e.JWT_SECRET,
      cookieSecure: e.COOKIE_SECURE,
      loginFailureLimit: e.LOGIN_FAILURE_LIMIT,
      loginFailureWindowSeconds: e.LOGIN_FAILURE_WINDOW_SECONDS,
      loginIpFailureLimit: e.LOGIN_IP_FAILURE_LIMIT,
      loginBackoffMaxSeconds: e.LOGIN_BACKOFF_MAX_SECONDS,
      signupLimitPerHour: e.SIGNUP_LIMIT_PER_HOUR,
      signupLimitPerHourByPrefix: {
        ipv4_24: e.SIGNUP_LIMIT_PER_HOUR_IPV4_24,
        ipv6_56: e.SIGNUP_LIMIT_PER_HOUR_IPV6_56,
        ipv6_48: e.SIGNUP_LIMIT_PER_HOUR_IPV6_48,
      },
      signupWarnPerHour: e.SIGNUP_WARN_PER_HOUR,
      emailVerificationTtlMs: e.EMAIL_VERIFICATION_TTL_HOURS * 3_600_000,
      emailVerificationResendPerHour: e.VERIFICATION_RESEND_PER_HOUR,
      passwordResetPerHour: e.PASSWORD_RESET_PER_HOUR,
      passwordResetIpPerHour: e.PASSWORD_RESET_IP_PER_HOUR,
      emailChangePerHour: e.EMAIL_CHANGE_PER_HOUR,
      reauthMaxAgeMs: e.REAUTH_MAX_AGE_MINUTES * 60_000,
      passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
      passwordHashQueueLimit: e.PASSWORD_HASH_QUEUE_LIMIT,
    },
    converter: {
      sessionLimitPerMinute: e.CONVERTER_SESSION_PER_MINUTE,
      userLimitPerMinute: e.CONVERTER_USER_PER_MINUTE,
      ipLimitPerMinute: e.CONVERTER_IP_PER_MINUTE,
    },
    status: {
      ipLimitPerMinute: e.STATUS_IP_PER_MINUTE,
      sampleIntervalMs: e.STATUS_SAMPLE_INTERVAL_MS,
    },
    rates: {
      ingestIntervalMs: e.RATES_INGEST_INTERVAL_MS,
      ecbBaseUrl: e.RATES_ECB_URL.replace(/\/+$/, ''),
      providers: ratesProviders(e),
      history: {
        sources: e.RATES_HISTORY_BACKFILL,
        urls: {
          frankfurter: e.RATES_FRANKFURTER_URL.replace(/\/+$/, ''),
          binance: e.RATES_BINANCE_URL.replace(/\/+$/, ''),
          coinbase: e.RATES_COINBASE_URL.replace(/\/+$/, ''),
          coingecko: e.RATES_COINGECKO_URL.replace(/\/+$/, ''),
        },
        coingeckoApiKey: e.RATES_COINGECKO_API_KEY || undefined,
      },
    },
    usage: {
      flushIntervalMs: e.USAGE_FLUSH_INTERVAL_MS,
      planLimits: e.PLAN_LIMITS,
      leases: e.METERING_LEASES === 'on',
      readsPerMinute: e.USAGE_READS_PER_MINUTE,
    },
    streams: {
      heartbeatMs: e.STREAM_HEARTBEAT_MS,
      meterPeriodMs: e.STREAM_METER_PERIOD_MS,
      resumeWindowMs: e.STREAM_RESUME_WINDOW_MS,
      maxBufferBytes: e.STREAM_MAX_BUFFER_BYTES,
      limits: Object.fromEntries(Object.entries(e.STREAM_LIMITS).map(([plan, n]) => [plan, Number(n)])),
    },
    contact: {
      recaptcha: contactRecaptcha(e),
      recaptchaSecret: e.RECAPTCHA_SECRET,
      recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
      recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
      recaptchaMinScore: e.RECAPTCHA_MIN_SCORE,
      recaptchaHostnames: e.RECAPTCHA_HOSTNAMES,
      limitPerHour: e.CONTACT_LIMIT_PER_HOUR,
      addressLimitPerHour: e.CONTACT_ADDRESS_LIMIT_PER_HOUR,
    },
    ops: { user: e.OPS_USER, password: e.OPS_PASSWORD, queuesWritable: e.OPS_QUEUES_WRITABLE },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      inbox: e.SUPPORT_EMAIL,
      retryDelayMs: e.EMAIL_RETRY_DELAY_MS,
      sweepIntervalMs: e.EMAIL_SWEEP_INTERVAL_MS,
      webUrl: e.WEB_URL.replace(/\/+$/, ''),
    },
    fixings: { cuts: parseFixingCuts(e.FIXING_CUTS), lateBoundMs: e.FIXING_LATE_BOUND_MS },
    webhooks: webhooksConfig(e),
    paypal: {
      environment: e.PAYPAL_ENVIRONMENT,
      apiBaseUrl: (e.PAYPAL_API_BASE_URL || PAYPAL_API_BASE_URLS[e.PAYPAL_ENVIRONMENT]).replace(/\/+$/, ''),
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      planIds: e.PAYPAL_PLAN_IDS,
      webhookId: e.PAYPAL_WEBHOOK_ID,
      webhookToleranceMs: e.PAYPAL_WEBHOOK_TOLERANCE_MS,
      webhookIpPerMinute: e.PAYPAL_WEBHOOK_IP_PER_MINUTE,
      certTimeoutMs: e.PAYPAL_CERT_TIMEOUT_MS,
      activationPollMs: e.PAYPAL_ACTIVATION_POLL_MS,
      eventAttempts: e.PAYPAL_EVENT_ATTEMPTS,
      eventSweepIntervalMs: e.PAYPAL_EVENT_SWEEP_INTERVAL_MS,
    },
  };
}

/** WEBHOOKS_*: delays as numbers; plain-http localhost endpoints refused in production. */
function webhooksConfig(e: Env): AppConfig['webhooks'] {
  const problems: string[] = [];
  if (e.WEBHOOKS_ALLOW_INSECURE_LOCALHOST && e.NODE_ENV === 'production') {
    problems.push('WEBHOOKS_ALLOW_INSECURE_LOCALHOST must not be set in production');
  }
  const retryDelaysMs = e.WEBHOOKS_RETRY_DELAYS_MS.map(Number);
  if (retryDelaysMs.some((delay) => !Number.isInteger(delay) || delay < 1)) {
    problems.push(
      `WEBHOOKS_RETRY_DELAYS_MS must be positive integers (milliseconds), got "${e.WEBHOOKS_RETRY_DELAYS_MS.join(',')}"`,
    );
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    allowInsecureLocalhost: e.WEBHOOKS_ALLOW_INSECURE_LOCALHOST,
    retryDelaysMs,
    timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
    disableAfterFailedDeliveries: e.WEBHOOKS_DISABLE_AFTER_FAILED_DELIVERIES,
    dnsServers: e.WEBHOOKS_DNS_SERVERS,
  };
}

/** Loads the config or ends the process with one line per bad variable (used by main.ts files). */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
