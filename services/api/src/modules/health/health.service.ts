import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CurrentRates } from '../rates/current-rates';
import { REDIS } from '../redis/redis.module';

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

async function timed(check: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)),
      ),
    ]);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      status: 'down',
      latencyMs: Math.round(performance.now() - started),
      error: (error as Error).message,
    };
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class HealthService {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly rates: CurrentRates,
  ) {}

  async readiness(): Promise<Readiness> {
    const [database, redis] = await Promise.all([
      timed(() => this.em.getConnection().execute('select 1')),
      timed(() => this.redis.ping()),
    ]);
    const { version, source, date } = this.rates.current;
    return {
      status: database.status === 'up' && redis.status === 'up' ? 'ok' : 'error',
      checks: { database, redis },
      rates: { version, source, date },
    };
  }
}
