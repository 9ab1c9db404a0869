import { currentWorkerId } from '../../services/api/test/support/worker-resources';
/**
 * Addresses the global setup publishes to the test files (through process.env): one stack per jest
 * worker, so specs running side by side never see each other's rates tables, rows or limits.
 */
export interface E2eEnvironment {
  /** The shell of the complete product. */
  baseUrl: string;
  apiUrl: string;
  /** A shell whose config points the dashboard remote at `closedDashboardPort`, where nothing listens. */
  degradedBaseUrl: string;
  closedDashboardPort: number;
  /** The PayPal REST stand-in the API verifies subscriptions with. */
  paypalUrl: string;
  /** The API's Redis and this run's key prefix there: what a test arranges the worker's records in. */
  redisUrl: string;
  redisKeyPrefix: string;
  /** The stack's database (migrated), where a test arranges rows the API then reads. */
  databaseUrl: string;
  /**
   * The variables the harness gave the API (database, Redis prefix, secrets…): another process of
   * the product started with them (a worker) shares its queues and signs links the API accepts.
   */
  apiProcessEnv: Record<string, string>;
}

const VARIABLES = {
  baseUrl: 'E2E_BASE_URL',
  apiUrl: 'E2E_API_URL',
  degradedBaseUrl: 'E2E_DEGRADED_BASE_URL',
  closedDashboardPort: 'E2E_CLOSED_DASHBOARD_PORT',
  paypalUrl: 'E2E_PAYPAL_URL',
  redisUrl: 'E2E_REDIS_URL_IN_USE',
  redisKeyPrefix: 'E2E_REDIS_KEY_PREFIX',
  databaseUrl: 'E2E_DATABASE_URL_IN_USE',
  apiProcessEnv: 'E2E_API_PROCESS_ENV',
} as const;

/** The variable carrying `name` of jest worker `workerId`'s stack. */
const variable = (name: keyof typeof VARIABLES, workerId: number) => `${VARIABLES[name]}_W${workerId}`;

/** Called by the global setup, before jest starts its workers (which inherit process.env). */
export function publishE2eEnvironment(environment: E2eEnvironment, stackOfWorker: number): void {
  for (const name of Object.keys(VARIABLES) as Array<keyof typeof VARIABLES>) {
    const value = environment[name];
    process.env[variable(name, stackOfWorker)] =
      typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The stack of the jest worker running this test file. */
export function e2eEnvironment(): E2eEnvironment {
  const id = currentWorkerId();
  const read = (name: keyof typeof VARIABLES) => {
    const value = process.env[variable(name, id)];
    if (!value)
      throw new Error(
        `${variable(name, id)} is not set: run the browser tests through jest (e2e/jest.config.js)`,
      );
    return value;
  };
  return {
    baseUrl: read('baseUrl'),
    apiUrl: read('apiUrl'),
    degradedBaseUrl: read('degradedBaseUrl'),
    closedDashboardPort: Number(read('closedDashboardPort')),
    paypalUrl: read('paypalUrl'),
    redisUrl: read('redisUrl'),
    redisKeyPrefix: read('redisKeyPrefix'),
    databaseUrl: read('databaseUrl'),
    apiProcessEnv: JSON.parse(read('apiProcessEnv')) as Record<string, string>,
  };
}
