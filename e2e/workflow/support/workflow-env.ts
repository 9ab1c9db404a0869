import { randomBytes } from 'node:crypto';
import { freePort } from '../../../libs/testing/src/free-port';
import { WORKFLOW_DATABASE_URL } from './workflow-database';

/**
 * The environment of the product as a developer runs it (NODE_ENV=development), on this run's own
 * ports, database and Redis key prefix, offline, with its secrets given so that nothing is written
 * into the checkout's .local/.
 */
export async function developmentEnv(): Promise<NodeJS.ProcessEnv> {
  const [api, worker, web, marketing, dashboard, billing] = await Promise.all(
    Array.from({ length: 6 }, () => freePort()),
  );
  return {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    DATABASE_URL: WORKFLOW_DATABASE_URL,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15',
    REDIS_KEY_PREFIX: `fxrates-workflow-${randomBytes(4).toString('hex')}:`,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    API_KEY_HASH_SECRET: randomBytes(32).toString('base64url'),
    RATES_PROVIDERS: 'bundled-snapshot',
    RATES_HISTORY_BACKFILL: 'none',
    API_PORT: String(api),
    WORKER_HEALTH_PORT: String(worker),
    WEB_PORT: String(web),
    MARKETING_PORT: String(marketing),
    DASHBOARD_PORT: String(dashboard),
    BILLING_PORT: String(billing),
    CORS_ORIGINS: `http://localhost:${web}`,
  };
}
