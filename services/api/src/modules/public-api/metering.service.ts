import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode, type PlanId, type PlanLimits } from '@fxrates/domain';
import { usageRedisKeys } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { AppException } from '../../common/app-exception';
import { REDIS } from '../redis/redis.module';
import type { ResolvedKey } from './api-key-resolver';
import { METER_SCRIPT } from './metering.lua';
import { PlanLimitsService } from './plan-limits';
import { ApiMetrics } from '../ops/api-metrics';
import { rateLimitHeaders, type RateLimitState } from './rate-limit-headers';
import { usagePeriod } from './usage-period';

/** A month counter outlives its month by a few days, so a late read still sees it. */
const MONTH_TTL_SECONDS = 35 * 24 * 3600;

type MeteredRedis = Redis & {
  fxratesMeter(
    month: string,
    burst: string,
    pending: string,
    lastUsed: string,
    quota: number,
    burstLimit: number,
    ttl: number,
    field: string,
    keyId: string,
    now: number,
  ): Promise<[number, number]>;
};

/**
 * Counts a successful metered call against the owner's plan: the monthly quota and the per-second
 * burst, in one atomic script. Refusals are 429 with Retry-After; every outcome gives the
 * rate-limit headers.
 */
@Injectable()
export class MeteringService {
  private readonly redis: MeteredRedis;
  private readonly keys: ReturnType<typeof usageRedisKeys>;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly plans: PlanLimitsService,
    private readonly metrics: ApiMetrics,
  ) {
    redis.defineCommand('fxratesMeter', { numberOfKeys: 4, lua: METER_SCRIPT });
    this.redis = redis as MeteredRedis;
    this.keys = usageRedisKeys(config.redis.keyPrefix);
  }

  /** Counts the call, or throws 429; returns the headers to send either way. */
  async meter(key: ResolvedKey, now = Date.now()): Promise<Record<string, string>> {
    const plan = this.plans.of(key.plan);
    const period = usagePeriod(now);
    const [outcome, used] = await this.redis.fxratesMeter(
      this.keys.month(key.userId, period.month),
      this.keys.burst(key.userId, Math.floor(now / 1000)),
      this.keys.pending,
      this.keys.lastUsed,
      plan.monthlyQuota,
      plan.burstPerSecond,
      MONTH_TTL_SECONDS,
      `${key.keyId}|${period.day}`,
      key.keyId,
      now,
    );
    const state: RateLimitState = { plan, used, resetsAt: period.resetsAt, now };
    const headers = rateLimitHeaders(state);
    if (outcome !== 0)
      this.metrics.quotaRefusals.inc({ reason: outcome === 1 ? 'burst' : 'quota', plan: plan.id });
    if (outcome === 1) {
      throw new AppException(
        ErrorCode.RateLimited,
        `More than ${plan.burstPerSecond} requests per second on the ${plan.name} plan. Slow down and retry in a second.`,
        undefined,
        { ...headers, 'Retry-After': '1' },
      );
    }
    if (outcome === 2) {
      const seconds = Math.max(1, Math.ceil((period.resetsAt - now) / 1000));
      throw new AppException(
        ErrorCode.QuotaExceeded,
        `The ${plan.name} plan's ${plan.monthlyQuota.toLocaleString('en-US')} requests for this month are used up. Upgrade your plan or wait for the reset.`,
        undefined,
        { ...headers, 'Retry-After': String(seconds) },
      );
    }
    return headers;
  }

  limitsOf(plan: PlanId): PlanLimits {
    return this.plans.of(plan);
  }

  /** This month's count for a user, without counting anything (GET /usage). */
  async used(userId: string, now = Date.now()): Promise<number> {
    return Number((await this.redis.get(this.keys.month(userId, usagePeriod(now).month))) ?? 0);
  }
}
