/** Addresses the global setup publishes to the test files (through process.env). */
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
  apiProcessEnv: 'E2E_API_PROCESS_ENV',
} as const;

export function publishE2eEnvironment(environment: E2eEnvironment): void {
  process.env[VARIABLES.baseUrl] = environment.baseUrl;
  process.env[VARIABLES.apiUrl] = environment.apiUrl;
  process.env[VARIABLES.degradedBaseUrl] = environment.degradedBaseUrl;
  process.env[VARIABLES.closedDashboardPort] = String(environment.closedDashboardPort);
  process.env[VARIABLES.paypalUrl] = environment.paypalUrl;
  process.env[VARIABLES.redisUrl] = environment.redisUrl;
  process.env[VARIABLES.redisKeyPrefix] = environment.redisKeyPrefix;
  process.env[VARIABLES.apiProcessEnv] = JSON.stringify(environment.apiProcessEnv);
}

export function e2eEnvironment(): E2eEnvironment {
  const read = (name: string) => {
    const value = process.env[name];
    if (!value)
      throw new Error(`${name} is not set: run the browser tests through jest (e2e/jest.config.js)`);
    return value;
  };
  return {
    baseUrl: read(VARIABLES.baseUrl),
    apiUrl: read(VARIABLES.apiUrl),
    degradedBaseUrl: read(VARIABLES.degradedBaseUrl),
    closedDashboardPort: Number(read(VARIABLES.closedDashboardPort)),
    paypalUrl: read(VARIABLES.paypalUrl),
    redisUrl: read(VARIABLES.redisUrl),
    redisKeyPrefix: read(VARIABLES.redisKeyPrefix),
    apiProcessEnv: JSON.parse(read(VARIABLES.apiProcessEnv)) as Record<string, string>,
  };
}
