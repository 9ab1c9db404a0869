import {
  BILLING_CYCLES,
  DEFAULT_RATE_PROVIDERS,
  DEFAULT_FIXING_CUTS_TEXT,
  DEFAULT_STREAM_LIMITS,
  PAID_PLAN_IDS,
  parseFixingCuts,
  PLAN_IDS,
  RATE_PROVIDER_IDS,
} from '@fxrates/domain';
import { availableParallelism } from 'node:os';
import {
  bool,
  fraction,
  int,
  list,
  members,
  namedValues,
  oneOf,
  planLimits,
  str,
  url,
  type EnvVar,
} from './env-schema';

/** Base URL, polling interval and timeout of one live rates provider. */
function providerVars<P extends string>(
  name: P,
  label: string,
  defaults: { url: string; intervalMs: number; timeoutMs?: number },
): Record<`RATES_${P}_URL`, EnvVar<string>> &
  Record<`RATES_${P}_INTERVAL_MS` | `RATES_${P}_TIMEOUT_MS`, EnvVar<number>> {
  return {
    [`RATES_${name}_URL`]: url({
      description: `${label}: base URL`,
      protocols: ['https:', 'http:'],
      default: defaults.url,
    }),
    [`RATES_${name}_INTERVAL_MS`]: int({
      description: `${label}: polling interval`,
      min: 1000,
      default: defaults.intervalMs,
    }),
    [`RATES_${name}_TIMEOUT_MS`]: int({
      description: `${label}: longest one ingest waits for the provider, all its requests together`,
      min: 100,
      max: 120_000,
      default: defaults.timeoutMs ?? 10_000,
    }),
  } as Record<`RATES_${P}_URL`, EnvVar<string>> &
    Record<`RATES_${P}_INTERVAL_MS` | `RATES_${P}_TIMEOUT_MS`, EnvVar<number>>;
}

/**
 * Every environment variable the backend reads. Defaults suit local development; production must
 * set the ones whose default is refused there. docker-compose.yml and deploy/ name the same variables.
 */
export const ENV_SCHEMA = {
  NODE_ENV: oneOf(['development', 'test', 'production'] as const, {
    description: 'runtime mode: `development`, `test` or `production`',
    default: 'development',
  }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, {
    description: 'pino log level: `fatal` … `trace`, or `silent`',
    default: (env) => (env === 'test' ? 'warn' : 'info'),
  }),
  LOG_FORMAT: oneOf(['json', 'pretty'] as const, {
    description:
      '`json`: one JSON object a line; `pretty`: one readable, coloured line for people (pino-pretty, a development dependency; JSON where it is absent)',
    default: (env) => (env === 'development' ? 'pretty' : 'json'),
  }),
  API_HOST: str({
    description:
      "interface the API and the worker's health server listen on; outside production only this machine reaches them unless it is set (e.g. `0.0.0.0`)",
    // Containers need every interface; anywhere else only this machine may reach a development API.
    default: (env) => (env === 'production' ? '0.0.0.0' : '127.0.0.1'),
  }),
  API_PORT: int({ description: 'port of the HTTP API', min: 1, max: 65535, default: 4000 }),
  WORKER_HEALTH_PORT: int({
    description: 'port of the worker health endpoint',
    min: 0,
    max: 65535,
    default: 4001,
  }),
  WORKER_LOCK_DURATION_MS: int({
    description:
      "how long a job lock lasts unless its worker renews it: a killed worker's job runs again on another worker once it expires (docs/operating.md)",
    min: 1000,
    default: 30_000,
  }),
  WORKER_STALLED_INTERVAL_MS: int({
    description:
      'how often each worker looks for jobs whose lock expired (their worker died) and queues them again',
    min: 1000,
    default: 30_000,
  }),
  WORKER_MAX_STALLED_COUNT: int({
    description: 'times a job may be taken back from a lost worker before it is failed (0: never taken back)',
    min: 0,
    max: 100,
    default: 1,
  }),
  WORKER_SHUTDOWN_GRACE_MS: int({
    description:
      "on SIGTERM, how long the worker lets its jobs in hand finish before it hands them back to the queue and exits; keep it under the orchestrator's kill timeout",
    min: 0,
    max: 600_000,
    default: 20_000,
  }),
  API_ROUTES: oneOf(['all', 'public-api'] as const, {
    description:
      'what this API process serves: every route, or (`public-api`) only the public API `/api/v1` with `/api/health` and `/api/metrics`, for a deployment of its own (everything else is 404 there)',
    default: 'all',
  }),
  TRUST_PROXY: bool({
    description: 'trust `X-Forwarded-For` from a reverse proxy (set `true` behind nginx or a load balancer)',
    default: false,
  }),
  CORS_ORIGINS: list({
    description: 'browser origins allowed to call the API, comma-separated',
    default: ['http://localhost:3000', 'http://127.0.0.1:3000'],
  }),
  DATABASE_URL: url({
    description: 'PostgreSQL connection URL',
    protocols: ['postgres:', 'postgresql:'],
    default: (env) =>
      env === 'production'
        ? undefined
        : `postgres://postgres@127.0.0.1:5432/${env === 'test' ? 'fxrates_test' : 'fxrates_dev'}`,
    secret: true,
  }),
  DATABASE_POOL_MAX: int({
    description: 'PostgreSQL connections per process',
    min: 1,
    max: 200,
    default: 10,
  }),
  REDIS_URL: url({
    description:
      'Redis connection URL (the path selects the DB number); its `maxmemory-policy` must be `noeviction`: the API and the worker refuse to start otherwise',
    protocols: ['redis:', 'rediss:'],
    default: (env) =>
      env === 'production' ? undefined : `redis://127.0.0.1:6379/${env === 'test' ? 15 : 0}`,
    secret: true,
  }),
  REDIS_KEY_PREFIX: str({
    description: 'prefix of every Redis key, channel and queue',
    default: 'fxrates:',
    pattern: /^[A-Za-z0-9_.:-]+$/,
    hint: 'may contain only letters, digits and _ . : -',
  }),
  PRODUCT_NAME: str({ description: 'product name shown to users', default: 'FXRates Pro' }),
  API_KEY_PREFIX: str({
    description: 'prefix of issued API keys',
    default: 'fxrates_',
    pattern: /^[a-z0-9]+_$/,
    hint: 'must be lower-case letters or digits ending in "_"',
  }),
  SUPPORT_EMAIL: str({
    description: 'support address shown on the contact page',
    default: 'support@fxrates.example',
  }),
  SESSION_CREATE_LIMIT_PER_MINUTE: int({
    description: 'anonymous converter sessions one IP may create per minute',
    min: 1,
    default: 20,
  }),
  JWT_SECRET: str({
    description: 'HS256 key signing access tokens (≥ 32 characters)',
    generated: true,
    pattern: /^.{32,}$/,
    hint: 'must be at least 32 characters (e.g. `openssl rand -base64 48`)',
    secret: true,
  }),
  API_KEY_HASH_SECRET: str({
    description:
      'HMAC-SHA-256 key under which API keys are stored, and from which the key sealing two-factor secrets is derived (≥ 32 characters)',
    generated: true,
    pattern: /^.{32,}$/,
    hint: 'must be at least 32 characters (e.g. `openssl rand -base64 48`)',
    secret: true,
  }),
  COOKIE_SECURE: oneOf(['auto', 'true'] as const, {
    description:
      'Secure flag of the refresh cookie: `auto` = on except for plain-http localhost; `true` = always',
    default: 'auto',
  }),
  LOGIN_FAILURE_LIMIT: int({
    description:
      'failed sign-ins to one account allowed from one IP (IPv6: its /64) in the window; past it across IPs, sign-ins to the account from new IPs are slowed (never refused)',
    min: 1,
    default: 10,
  }),
  LOGIN_FAILURE_WINDOW_SECONDS: int({
    description: 'window of the failed sign-in limits (past a limit: 429 with `Retry-After` for that IP)',
    min: 1,
    default: 900,
  }),
  LOGIN_IP_FAILURE_LIMIT: int({
    description: 'failed sign-ins allowed from one IP (IPv6: /64) in the window, whatever the accounts',
    min: 1,
    default: 100,
  }),
  LOGIN_BACKOFF_MAX_SECONDS: int({
    description:
      'longest delay of a sign-in to an attacked account from an IP it was never used from (0.25 s, doubling per failure past the limit)',
    min: 0,
    max: 60,
    default: 5,
  }),
  SIGNUP_LIMIT_PER_HOUR: int({
    description:
      'accounts one IP (IPv6: its /64) may try to create per hour (then 429 `too-many-attempts` with `Retry-After`)',
    min: 1,
    // Test suites create many accounts from one loopback address; their throttle tests set their own.
    default: (env) => (env === 'test' ? 1000 : 10),
  }),
  // Wider networks: one attacker holds a whole IPv6 /48 or many addresses of an IPv4 /24.
  SIGNUP_LIMIT_PER_HOUR_IPV4_24: int({
    description:
      'accounts one IPv4 /24 network may try to create per hour: a NAT pool or an office, 5 times one address (then 429 `too-many-attempts`)',
    min: 1,
    default: (env) => (env === 'test' ? 100_000 : 50),
  }),
  SIGNUP_LIMIT_PER_HOUR_IPV6_56: int({
    description:
      "accounts one IPv6 /56 network, a household's usual delegation, may try to create per hour: its 256 /64s count together",
    min: 1,
    default: (env) => (env === 'test' ? 100_000 : 50),
  }),
  SIGNUP_LIMIT_PER_HOUR_IPV6_48: int({
    description:
      "accounts one IPv6 /48 network, a site's or a hosting customer's, may try to create per hour: its 65 536 /64s count together",
    min: 1,
    default: (env) => (env === 'test' ? 100_000 : 200),
  }),
  SIGNUP_WARN_PER_HOUR: int({
    description:
      'sign-ups per clock hour across the platform past which each counts in `fxrates_signups_over_warning_total` and one warning is logged an hour; nobody is refused',
    min: 1,
    default: (env) => (env === 'test' ? 1_000_000 : 500),
  }),
  EMAIL_VERIFICATION_TTL_HOURS: int({
    description:
      'hours a link of the verification email stays valid (single use; a resend leaves earlier links valid)',
    min: 1,
    max: 24 * 14,
    default: 24,
  }),
  VERIFICATION_RESEND_PER_HOUR: int({
    description:
      'verification emails one user may ask the dashboard to send again per hour (then 429 `too-many-attempts`)',
    min: 1,
    default: 3,
  }),
  PASSWORD_RESET_PER_HOUR: int({
    description:
      'password-reset emails one address may be sent per hour (beyond: 429 `too-many-attempts`, the same whether or not the address has an account)',
    min: 1,
    default: 3,
  }),
  EMAIL_CHANGE_PER_HOUR: int({
    description:
      'email changes one user may ask for per hour from the account page, each mailing a link to the new address (then 429 `too-many-attempts`)',
    min: 1,
    default: 3,
  }),
  REAUTH_MAX_AGE_MINUTES: int({
    description:
      'how long after proving the password or second factor a sign-in may create API keys or change the plan without proving it again (then 403 `reauthentication-required`)',
    min: 1,
    max: 1440,
    default: 120,
  }),
  PASSWORD_RESET_IP_PER_HOUR: int({
    description: 'password resets one client address may ask for per hour, whatever the email',
    min: 1,
    default: (env) => (env === 'test' ? 1_000_000 : 20),
  }),
  PASSWORD_HASH_CONCURRENCY: int({
    description:
      "argon2 hashes and verifications one API process runs at once (on libuv's 4 threads, which DNS and file access share)",
    min: 1,
    max: 64,
    // libuv runs argon2 on its 4 threads, shared with DNS and file access: leave one core and one thread.
    default: () => Math.max(1, Math.min(3, availableParallelism() - 1)),
    documentedDefault: 'CPU cores − 1, from 1 to 3',
  }),
  PASSWORD_HASH_QUEUE_LIMIT: int({
    description:
      'argon2 jobs that may wait per API process; a sign-in or sign-up beyond is refused at once (429 `rate-limited`)',
    min: 0,
    default: 32,
  }),
  CONVERTER_SESSION_PER_MINUTE: int({
    description:
      'landing converter and sparkline calls one anonymous session may make per minute (then 429 `rate-limited` with `Retry-After`)',
    min: 1,
    default: 60,
  }),
  CONVERTER_USER_PER_MINUTE: int({
    description:
      'landing converter and sparkline calls one signed-in user (Bearer token) may make per minute',
    min: 1,
    default: 120,
  }),
  CONVERTER_IP_PER_MINUTE: int({
    description:
      'landing converter and sparkline calls one IP (IPv6: its /64) may make per minute, whatever the sessions and users',
    min: 1,
    default: 300,
  }),
  STATUS_IP_PER_MINUTE: int({
    description:
      'calls of the public `GET /api/v1/status` one IP (IPv6: its /64) may make per minute (then 429 `rate-limited` with `Retry-After`)',
    min: 1,
    default: 600,
  }),
  USAGE_READS_PER_MINUTE: int({
    description:
      "calls of the dashboard's `GET /api/usage` one signed-in user may make per minute, and as many reads of their usage breakdown not answered from memory (then 429 `rate-limited` with `Retry-After`)",
    min: 1,
    default: 60,
  }),
  KEY_CREATE_LIMIT_PER_HOUR: int({
    description: 'API keys one user may create per hour (then 429 `rate-limited` with `Retry-After`)',
    min: 1,
    default: 20,
  }),
  STATUS_SAMPLE_INTERVAL_MS: int({
    description:
      "how often the worker records each enabled source's data age, kept 24 hours for the status page's sparkline",
    min: 1000,
    default: 60_000,
  }),
  PLAN_LIMITS: planLimits({
    description: 'overrides of plans\' monthly quota and burst, e.g. "enterprise=1000000:500"',
    plans: PLAN_IDS,
    default: {},
  }),
  METERING_LEASES: oneOf(['on', 'off'] as const, {
    description:
      "whether an API instance leases a busy user's quota for a second to meter their calls without a Redis round trip (`off`: every metered call goes to Redis, for measuring the leases)",
    default: 'on',
  }),
  STREAM_HEARTBEAT_MS: int({
    description:
      'how often every open rate stream (`GET /api/v1/stream`) gets a `: heartbeat` comment, from one shared timer; also how often stream slots are refreshed in Redis',
    min: 20,
    default: 15_000,
  }),
  STREAM_METER_PERIOD_MS: int({
    description:
      'a rate stream counts as one metered call when opened and one more per started period of this length',
    min: 100,
    default: 3_600_000,
  }),
  STREAM_RESUME_WINDOW_MS: int({
    description:
      'how far back `Last-Event-ID` resumes a rate stream; older ids get a snapshot with `reset: true`',
    min: 1000,
    default: 300_000,
  }),
  STREAM_MAX_BUFFER_BYTES: int({
    description: 'a rate stream whose unsent bytes exceed this (a client not reading) is ended',
    min: 1024,
    default: 262_144,
  }),
  STREAM_LIMITS: namedValues({
    description:
      'concurrent rate streams per user by plan, e.g. "professional=5,enterprise=50" (a plan left out: none)',
    names: PLAN_IDS,
    value: /^\d{1,6}$/,
    default: { ...DEFAULT_STREAM_LIMITS },
  }),
  CONTACT_RECAPTCHA: oneOf(['on', 'off'] as const, {
    description:
      'reCAPTCHA check of the contact form: on (production then requires RECAPTCHA_SECRET) or off (the form without reCAPTCHA, an explicit choice)',
    default: 'on',
  }),
  RECAPTCHA_SECRET: str({
    description:
      'reCAPTCHA v3 secret of the contact form; production requires it unless CONTACT_RECAPTCHA=off runs the form without reCAPTCHA; empty outside production skips the check with a warning',
    default: (nodeEnv, env) =>
      nodeEnv === 'production' && env?.CONTACT_RECAPTCHA !== 'off' ? undefined : '',
    secret: true,
  }),
  RECAPTCHA_SITE_KEY: str({ description: 'reCAPTCHA v3 site key given to the contact page', default: '' }),
  RECAPTCHA_VERIFY_URL: url({
    description: 'reCAPTCHA siteverify endpoint (tests point it at a stand-in)',
    protocols: ['https:', 'http:'],
    default: 'https://www.google.com/recaptcha/api/siteverify',
  }),
  RECAPTCHA_MIN_SCORE: fraction({ description: 'lowest reCAPTCHA v3 score accepted', default: 0.5 }),
  RECAPTCHA_HOSTNAMES: list({
    description: 'hostnames a reCAPTCHA token must have been issued on, comma-separated',
    default: ['localhost', '127.0.0.1'],
  }),
  CONTACT_LIMIT_PER_HOUR: int({
    description:
      'contact messages one IP (IPv6: its /64) may send per hour, whatever their addresses (then 429 `rate-limited` with `Retry-After`)',
    min: 1,
    default: 30,
  }),
  CONTACT_ADDRESS_LIMIT_PER_HOUR: int({
    description: 'contact messages one email address may send per hour, from any IP',
    min: 1,
    default: 5,
  }),
  SMTP_URL: url({
    description:
      'SMTP server the worker sends contact mail and quota alerts through (Mailpit in docker-compose.yml)',
    protocols: ['smtp:', 'smtps:'],
    default: 'smtp://127.0.0.1:1025',
    secret: true,
  }),
  EMAIL_RETRY_DELAY_MS: int({
    description: 'first retry delay of a failed email; it doubles over 10 attempts (about 85 minutes)',
    min: 10,
    default: 5000,
  }),
  EMAIL_SWEEP_INTERVAL_MS: int({
    description:
      'how often the worker queues again every stored contact message or quota alert not yet emailed (no job, or its attempts used up)',
    min: 1000,
    default: 300_000,
  }),
  MAIL_FROM: str({
    description: 'sender of contact mail (to `SUPPORT_EMAIL`) and quota alerts',
    default: 'FXRates Pro <no-reply@fxrates.example>',
  }),
  WEB_URL: url({
    description:
      "public address of the web app: links in emails point there (a quota alert's upgrade link is `<WEB_URL>/pricing`)",
    protocols: ['https:', 'http:'],
    default: (env) => (env === 'production' ? undefined : 'http://localhost:3000'),
  }),
  API_CACHE_MAX_AGE_SECONDS: int({
    description:
      "longest an API instance trusts a cached API key, its owner's plan or a converter session without re-reading PostgreSQL, should a Redis announcement be lost",
    min: 1,
    max: 3600,
    default: 60,
  }),
  OPS_USER: str({
    description:
      'HTTP Basic user of the operator pages, `/admin/queues` (Bull Board) and `/api/metrics`; empty disables them',
    default: '',
  }),
  OPS_PASSWORD: str({
    description:
      'HTTP Basic password of the operator pages (≥ 12 characters); both it and `OPS_USER` must be set for the pages to exist',
    default: '',
    secret: true,
    pattern: /^.{12,}$/,
    hint: 'must be at least 12 characters',
  }),
  OPS_QUEUES_WRITABLE: bool({
    description:
      'let operators retry, remove and add jobs in Bull Board (otherwise it is read-only: 405 for any write)',
    default: false,
  }),
  USAGE_FLUSH_INTERVAL_MS: int({
    description:
      'how often the worker moves API usage counts from Redis to PostgreSQL (the most a crash can lose)',
    min: 1000,
    default: 10_000,
  }),
  RATES_INGEST_INTERVAL_MS: int({
    description: 'interval of the bundled-snapshot ingest job',
    min: 1000,
    default: 3_600_000,
  }),
  RATES_PROVIDERS: members(RATE_PROVIDER_IDS, {
    description: `rates providers to ingest from, comma-separated (${RATE_PROVIDER_IDS.join(', ')}); the default is every keyless live source, the bundled snapshot last (offline it serves, flagged stale)`,
    default: [...DEFAULT_RATE_PROVIDERS],
  }),
  RATES_HISTORY_BACKFILL: members(['frankfurter', 'binance', 'coinbase', 'coingecko'] as const, {
    description:
      "sources the worker backfills daily history from, on start and then daily, comma-separated (Frankfurter for fiat and metals; Binance, Coinbase, else CoinGecko's last 365 days for crypto); `none`: no backfill",
    default: ['frankfurter', 'binance', 'coinbase', 'coingecko'],
  }),
  ...providerVars('ECB', 'ECB daily reference rates', {
    url: 'https://www.ecb.europa.eu',
    intervalMs: 1_800_000,
  }),
  ...providerVars('FRANKFURTER', 'Frankfurter', {
    url: 'https://api.frankfurter.dev',
    intervalMs: 3_600_000,
    // About 40 requests a fetch (docs/rates-engine.md, "Frankfurter v2"), three at a time.
    timeoutMs: 30_000,
  }),
  ...providerVars('OXR', 'Open Exchange Rates', {
    url: 'https://openexchangerates.org',
    intervalMs: 3_600_000,
  }),
  ...providerVars('COINBASE_RATES', 'Coinbase exchange rates (fiat)', {
    url: 'https://api.coinbase.com',
    intervalMs: 60_000,
  }),
  ...providerVars('OPEN_ER_API', 'ExchangeRate-API open access', {
    url: 'https://open.er-api.com',
    intervalMs: 3_600_000,
  }),
  RATES_OXR_APP_ID: str({
    description: 'Open Exchange Rates app id (required when `oxr` is enabled)',
    default: '',
    secret: true,
  }),
  ...providerVars('COINGECKO', 'CoinGecko', { url: 'https://api.coingecko.com', intervalMs: 60_000 }),
  RATES_COINGECKO_API_KEY: str({
    description: 'CoinGecko demo API key (optional)',
    default: '',
    secret: true,
  }),
  ...providerVars('BINANCE', 'Binance', { url: 'https://api.binance.com', intervalMs: 10_000 }),
  ...providerVars('COINBASE', 'Coinbase Exchange', {
    url: 'https://api.exchange.coinbase.com',
    intervalMs: 15_000,
  }),
  PAYPAL_ENVIRONMENT: oneOf(['sandbox', 'live'] as const, {
    description: 'PayPal environment the JS SDK and REST API run in: `sandbox` or `live`',
    default: 'sandbox',
  }),
  PAYPAL_API_BASE_URL: url({
    description:
      'PayPal REST API base URL; empty picks the one of `PAYPAL_ENVIRONMENT` (tests and local development point it at the stand-in)',
    protocols: ['https:', 'http:'],
    default: '',
  }),
  PAYPAL_CLIENT_ID: str({
    description: 'PayPal REST app client id (public, also given to the JS SDK); empty disables billing',
    default: '',
  }),
  PAYPAL_CLIENT_SECRET: str({
    description: 'PayPal REST app secret; with the client id it turns billing on (empty disables billing)',
    default: '',
    secret: true,
  }),
  PAYPAL_PLAN_IDS: namedValues({
    description: 'PayPal plan id per plan and cycle, e.g. "basic.monthly=P-1AB,basic.annual=P-2CD"',
    names: PAID_PLAN_IDS.flatMap((plan) => BILLING_CYCLES.map((cycle) => `${plan}.${cycle}`)),
    value: /^[A-Za-z0-9-]{3,50}$/,
    default: {},
  }),
  PAYPAL_WEBHOOK_ID: str({
    description:
      "id of our webhook in the PayPal app: each delivery is signed for it, and checked offline with PayPal's certificate; empty refuses every webhook delivery",
    default: '',
  }),
  PAYPAL_WEBHOOK_TOLERANCE_MS: int({
    description:
      'how far `PAYPAL-TRANSMISSION-TIME` of a webhook delivery may be from our clock, either way, before it is refused (400 `webhook-stale`)',
    min: 30_000,
    max: 3_600_000,
    default: 300_000,
  }),
  PAYPAL_WEBHOOK_IP_PER_MINUTE: int({
    description:
      'webhook deliveries one IP (IPv6: its /64) may make per minute; more are 429 `rate-limited` (PayPal delivers them again later)',
    min: 1,
    // Test suites deliver many webhooks from one loopback address; the throttle test sets its own.
    default: (env) => (env === 'test' ? 100_000 : 300),
  }),
  PAYPAL_CERT_TIMEOUT_MS: int({
    description:
      "how long the fetch of one of PayPal's webhook signing certificates may take before the delivery is answered 502 (PayPal delivers it again)",
    min: 100,
    max: 300_000,
    default: 5_000,
  }),
  PAYPAL_EVENT_ATTEMPTS: int({
    description:
      'attempts of a PayPal event job (exponential backoff from 1 s, about 30 s in all) before it waits for the unapplied-events sweep',
    min: 1,
    max: 20,
    default: 5,
  }),
  PAYPAL_EVENT_SWEEP_INTERVAL_MS: int({
    description:
      'how often the worker re-queues PayPal events received but not applied, their jobs exhausted (docs/operating.md)',
    min: 1000,
    default: 300_000,
  }),
  PAYPAL_ACTIVATION_POLL_MS: int({
    description: 'pause between 5 checks of an `APPROVED` PayPal subscription until PayPal says `ACTIVE`',
    min: 1,
    default: 1000,
  }),
  WEBHOOKS_ALLOW_INSECURE_LOCALHOST: bool({
    description:
      'lets webhook endpoints be plain `http://localhost` / `http://127.0.0.1` (and sends to them), for development only; production refuses it (docs/api.md, Webhooks)',
    default: false,
  }),
  WEBHOOKS_RETRY_DELAYS_MS: list({
    description:
      'delays between the attempts of one webhook delivery, comma-separated milliseconds (default 5 s, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h: eight attempts over about 24 hours)',
    default: ['5000', '300000', '1800000', '7200000', '18000000', '28800000', '28800000'],
  }),
  WEBHOOKS_TIMEOUT_MS: int({
    description:
      'longest one webhook attempt may take, connection to the last byte read (at most 64 KiB of the answer are read)',
    min: 100,
    max: 60_000,
    default: 10_000,
  }),
  WEBHOOKS_DISABLE_AFTER_FAILED_DELIVERIES: int({
    description:
      'deliveries in a row whose every attempt failed (about 24 hours each) after which a webhook endpoint is disabled and its owner emailed',
    min: 1,
    default: 3,
  }),
  WEBHOOKS_DNS_SERVERS: list({
    description:
      'DNS servers (`ip` or `ip:port`, comma-separated) the worker resolves webhook endpoints with; empty: the system resolver (`/etc/hosts` included)',
    default: [],
  }),
  FIXING_CUTS: <EnvVar<string>>{
    description:
      "the cuts at which the worker freezes and signs FXRates fixings, comma-separated `NAME=Zone/Id@HH:MM[:SS][/weekdays|/daily]` (weekdays unless `/daily`) or `NAME=ecb` (the first table carrying the ECB's rates of a day); names 2 to 16 capitals and digits (docs/rates-engine.md, Fixings)",
    parse(raw: string): string {
      parseFixingCuts(raw);
      return raw;
    },
    default: DEFAULT_FIXING_CUTS_TEXT,
  },
  FIXING_LATE_BOUND_MS: int({
    description:
      'how long after a cut a worker may still freeze its fixing; a worker back later leaves the day without one (an honest gap, logged) rather than freeze a later table',
    min: 1000,
    default: 600_000,
  }),
  // OpenTelemetry's own variable names (docs/observability.md); the exporter also reads its other
  // OTEL_EXPORTER_OTLP_* settings (headers, timeout) itself.
  OTEL_EXPORTER_OTLP_ENDPOINT: url({
    description:
      'OTLP/HTTP collector base URL: OpenTelemetry traces go to `<url>/v1/traces`; unset, nothing of the tracing SDK is loaded (docs/observability.md)',
    protocols: ['https:', 'http:'],
    default: '',
  }),
  OTEL_EXPORTER_OTLP_PROTOCOL: oneOf(['http/protobuf', 'http/json'] as const, {
    description: 'OTLP/HTTP encoding of the traces (no gRPC client is shipped)',
    default: 'http/protobuf',
  }),
  OTEL_TRACES_EXPORTER: oneOf(['otlp', 'none'] as const, {
    description: 'none turns tracing off even with an endpoint set',
    default: 'otlp',
  }),
  OTEL_SERVICE_NAME: str({
    description: '`service.name` of the spans (empty: `fxrates-api`, `fxrates-worker`)',
    default: '',
  }),
};
