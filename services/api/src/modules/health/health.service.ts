import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckService,
  MikroOrmHealthIndicator,
  type HealthCheckResult,
  type HealthIndicatorFunction,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { CurrentRates } from '../current-rates';
import { RedisHealthIndicator } from './redis.health';

export interface CheckResult {
  status: 'up' | 'down';
  latencyMs: number;
  error?: string;
}

export interface Readiness {
  /** `draining` from SIGTERM on (ShutdownState), whatever the checks say. */
  status: 'ok' | 'error' | 'draining';
  checks: { database: CheckResult; redis: CheckResult };
  rates: { version: string; source: string; date: string };
}

const CHECK_TIMEOUT_MS = 2000;
type Dependency = keyof Readiness['checks'];

/** The indicator's result with how long it took, which terminus does not record. */
function timed(key: Dependency, indicator: () => Promise<HealthIndicatorResult>): HealthIndicatorFunction {
  return async () => {
    const started = performance.now();
    const result = await indicator();
    return { [key]: { ...result[key], latencyMs: Math.round(performance.now() - started) } };
  };
}

/**
 * Readiness from terminus's checks of PostgreSQL (MikroORM) and Redis, run together, each bounded
 * by a 2-second timeout, told in this API's own shape (`checks.<dependency>.status/latencyMs/error`)
 * that the probes, the dashboards and the OpenAPI document know.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: MikroOrmHealthIndicator,
    private readonly orm: MikroORM,
    private readonly redis: RedisHealthIndicator,
    private readonly rates: CurrentRates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async readiness(): Promise<Readiness> {
    const result = await this.health
      .check([
        timed('database', async () => {
          // MikroORM opens its pool on first use, and terminus calls a pool not yet opened down: a
          // fresh instance would stay unready until some request had reached PostgreSQL. Opening it
          // creates the pool only (no query, nothing that waits on PostgreSQL); the ping then queries.
          await this.orm.em.getConnection().ensureConnection();
          return this.database.pingCheck('database', { timeout: CHECK_TIMEOUT_MS });
        }),
        timed('redis', () => this.redis.pingCheck('redis', CHECK_TIMEOUT_MS)),
      ])
      .catch((error: unknown) => {
        // Terminus throws its result as a 503 when a check is down: the result is what is wanted here.
        if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
        throw error;
      });
    const database = checkOf(result, 'database');
    const redis = checkOf(result, 'redis');
    const { version, source, date } = this.rates.current;
    // A public-api instance serves the keys it knows from memory while PostgreSQL restarts: taking
    // it out of the load balancer then would turn a database restart into a public API outage.
    const databaseNeeded = this.config.api.routes !== 'public-api';
    return {
      status: (database.status === 'up' || !databaseNeeded) && redis.status === 'up' ? 'ok' : 'error',
      checks: { database, redis },
      rates: { version, source, date },
    };
  }
}

function checkOf(result: HealthCheckResult, key: Dependency): CheckResult {
  const { status, latencyMs, message } = result.details[key] as {
    status: 'up' | 'down';
    latencyMs: number;
    message?: string;
  };
  return status === 'up' ? { status, latencyMs } : { status, latencyMs, error: message ?? 'down' };
}
