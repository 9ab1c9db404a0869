import type { GlobalConfig } from 'jest';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { payPalEnv } from '../../services/api/test/support/paypal-env';
import { startPayPalStandIn } from '../../libs/paypal/src/stand-in/paypal-stand-in';
import type { E2eStack } from './e2e-stack';
import {
  copyTemplateForWorkers,
  templateDatabaseUrl,
} from '../../services/api/test/support/worker-resources';
import { apiEnvironment, browserBaseDatabaseUrl, browserRun, runMigrations, startApi } from './api-process';
import { publishE2eEnvironment } from './e2e-environment';
import { E2E_RECAPTCHA_SITE_KEY } from './recaptcha-stand-in';
import { freePort } from '@fxrates/testing';
import globalTeardown from './global-teardown';
import { BUILD_OUTPUTS, REPO_ROOT, SCREENSHOTS_DIR, SERVE_WEB_SCRIPT } from './paths';

function assertBuilt(): void {
  const missing = BUILD_OUTPUTS.filter((output) => !fs.existsSync(path.join(REPO_ROOT, output)));
  if (missing.length > 0) {
    throw new Error(
      `The browser tests run against the built product, but these files are missing:\n  ${missing.join('\n  ')}\n` +
        'Run `npm run build` first.',
    );
  }
}

/** Our plans at the PayPal stand-in, and the PAYPAL_PLAN_IDS naming them. */
const E2E_PAYPAL_PLANS = {
  'P-E2E-BASIC-MONTHLY': { interval: 'MONTH' as const, price: '15.99' },
  'P-E2E-BASIC-ANNUAL': { interval: 'YEAR' as const, price: '167.88' },
  'P-E2E-PROFESSIONAL-ANNUAL': { interval: 'YEAR' as const, price: '635.88' },
};
const E2E_PAYPAL_PLAN_IDS =
  'basic.monthly=P-E2E-BASIC-MONTHLY,basic.annual=P-E2E-BASIC-ANNUAL,professional.annual=P-E2E-PROFESSIONAL-ANNUAL';

/** The variables of `env` that this process does not have already (as set): what the harness chose. */
function ownVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && process.env[entry[0]] !== entry[1],
    ),
  );
}

/**
 * Starts, for each jest worker, the API and the web servers of the built product on free ports, with
 * the worker's own database and Redis DB: specs run side by side, and one that publishes a rates table
 * or fills a quota changes only its own worker's stack.
 */
export default async function globalSetup(globalConfig: GlobalConfig): Promise<void> {
  assertBuilt();
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const workers = Math.max(1, globalConfig.maxWorkers);
  const run = browserRun();
  const stacks: E2eStack[] = Array.from({ length: workers }, () => ({ webServers: [] }));
  globalThis.__FXRATES_E2E_STACKS__ = stacks;
  try {
    const base = browserBaseDatabaseUrl();
    await copyTemplateForWorkers(base, workers, run, async () =>
      runMigrations({ ...process.env, DATABASE_URL: templateDatabaseUrl(base) }),
    );
    await Promise.all(stacks.map((stack, index) => startStack(stack, index + 1, run)));
  } catch (error) {
    // Jest skips the teardown when the setup fails: stop whatever did start.
    await globalTeardown();
    throw error;
  }
}

async function startStack(stack: E2eStack, workerId: number, run: string): Promise<void> {
  const apiPort = await freePort();
  stack.paypal = await startPayPalStandIn({ plans: E2E_PAYPAL_PLANS });
  const env = {
    ...apiEnvironment(apiPort, `fxrates-e2e-${randomBytes(4).toString('hex')}:`, workerId, run),
    ...payPalEnv(stack.paypal, E2E_PAYPAL_PLAN_IDS),
  };
  stack.redis = { url: env.REDIS_URL!, keyPrefix: env.REDIS_KEY_PREFIX! };
  stack.api = await startApi(apiPort, env, workerId);

  const { startWebServers } = (await import(
    SERVE_WEB_SCRIPT
  )) as typeof import('../../scripts/serve-web.mjs');
  const quiet = () => undefined;
  const product = await startWebServers({
    host: '127.0.0.1',
    ports: { shell: 0, marketing: 0, dashboard: 0, billing: 0 },
    apiUrl: stack.api.url,
    env: { RECAPTCHA_SITE_KEY: E2E_RECAPTCHA_SITE_KEY },
    log: quiet,
  });
  stack.webServers.push(product);

  // A second shell whose dashboard remote points at a port where nothing listens.
  const closedDashboardPort = await freePort();
  const degraded = await startWebServers({
    host: '127.0.0.1',
    ports: { shell: 0, marketing: null, dashboard: null, billing: null },
    apiUrl: stack.api.url,
    env: {},
    log: quiet,
    runtimeConfig: {
      remotes: {
        marketing: `${product.urls.marketing}/mf-manifest.json`,
        billing: `${product.urls.billing}/mf-manifest.json`,
        dashboard: `http://127.0.0.1:${closedDashboardPort}/mf-manifest.json`,
      },
    },
  });
  stack.webServers.push(degraded);

  publishE2eEnvironment(
    {
      baseUrl: product.urls.shell!,
      apiUrl: stack.api.url,
      degradedBaseUrl: degraded.urls.shell!,
      closedDashboardPort,
      paypalUrl: stack.paypal.url,
      redisUrl: stack.redis.url,
      redisKeyPrefix: stack.redis.keyPrefix,
      databaseUrl: env.DATABASE_URL!,
      apiProcessEnv: ownVariables(env),
    },
    workerId,
  );
}
