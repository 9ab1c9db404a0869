import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { ErrorCode, type PlanId, type PlanLimits } from '@fxrates/domain';
import { usageRedisKeys } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { AppException } from '../../common/app-exception';
import { REDIS } from '../redis/redis.module';
import type { ResolvedKey } from './api-key-resolver';
import { METER_BATCH_SCRIPT } from './metering.lua';
import { PlanLimitsService } from './plan-limits';
import { ApiMetrics } from '../ops/api-metrics';
import { rateLimitHeaders, type RateLimitState } from './rate-limit-headers';
import { OVER_BURST, OVER_QUOTA, RefusalCache } from './refusal-cache';
import { usagePeriod, type UsagePeriod } from './usage-period';

/** A month counter outlives its month by a few days, so a late read still sees it. */
const MONTH_TTL_SECONDS = 35 * 24 * 3600;

type MeteredRedis = Redis & {
  fxratesMeterBatch(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Promise<number[]>;
};

interface PendingCall {
  key: ResolvedKey;
  plan: PlanLimits;
  period: UsagePeriod;
  now: number;
  resolve: (headers: Record<string, string>) => void;
  reject: (error: unknown) => void;
}

const COUNTED = 0;
/** How long a quota refusal is answered from memory before Redis is asked again. */
const QUOTA_REFUSAL_TRUST_MS = 10_000;

/** Groups (calls of one key in one second) one script meters at most; more go in several round trips. */
const MAX_GROUPS = 256;

/**
 * Counts a successful metered call against the owner's plan: the monthly quota and the per-second
 * burst, atomically in Redis. The calls that finish in one turn of the event loop share one script
 * run (one round trip for all of them), decided in Redis as if one by one in order, so the count
 * stays exact across instances and at the quota's edge. A refusal that must hold for the rest of the
 * second or month is then answered from memory (RefusalCache). Refusals are 429 with Retry-After;
 * every outcome gives the rate-limit headers.
 */
@Injectable()
export class MeteringService implements OnApplicationShutdown {
  private readonly redis: MeteredRedis;
  private readonly keys: ReturnType<typeof usageRedisKeys>;
  private batch: PendingCall[] = [];
  private readonly refusals = new RefusalCache();

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly plans: PlanLimitsService,
    private readonly metrics: ApiMetrics,
  ) {
    // A connection of its own, without auto-pipelining: calls are already batched per turn of the
    // event loop, and the shared connection's pipelining only added work per script run.
    const own = redis.duplicate({ enableAutoPipelining: false });
    own.defineCommand('fxratesMeterBatch', { lua: METER_BATCH_SCRIPT });
    this.redis = own as MeteredRedis;
    this.keys = usageRedisKeys(config.redis.keyPrefix);
  }

  /** Counts the call, or rejects with 429; resolves to the headers to send either way. */
  meter(key: ResolvedKey, now = Date.now()): Promise<Record<string, string>> {
    return new Promise((resolve, reject) => {
      const call = { key, plan: this.plans.of(key.plan), period: usagePeriod(now), now, resolve, reject };
      const known = this.refusals.get(key.userId, key.plan, now);
      if (known) return this.settle(call, known.outcome, known.used);
      if (this.batch.length === 0) setImmediate(() => this.flush());
      this.batch.push(call);
    });
  }

  private flush(): void {
    const groups = new Map<string, PendingCall[]>();
    for (const call of this.batch) {
      const id = `${call.key.keyId}|${call.plan.id}|${Math.floor(call.now / 1000)}`;
      const group = groups.get(id);
      if (group) group.push(call);
      else groups.set(id, [call]);
    }
    this.batch = [];
    const all = [...groups.values()];
    for (let start = 0; start < all.length; start += MAX_GROUPS) {
      const chunk = all.slice(start, start + MAX_GROUPS);
      this.run(chunk).catch((error: unknown) => chunk.flat().forEach((call) => call.reject(error)));
    }
  }

  /** One script run for these groups; each group's calls are answered in the order they came. */
  private async run(groups: PendingCall[][]): Promise<void> {
    const keys: string[] = [this.keys.pending, this.keys.lastUsed];
    const args: (string | number)[] = [MONTH_TTL_SECONDS];
    for (const calls of groups) {
      const { key, plan, period, now } = calls[calls.length - 1];
      keys.push(
        this.keys.month(key.userId, period.month),
        this.keys.burst(key.userId, Math.floor(now / 1000)),
      );
      args.push(
        calls.length,
        plan.monthlyQuota,
        plan.burstPerSecond,
        `${key.keyId}|${period.day}`,
        key.keyId,
        now,
      );
    }
    const results = await this.redis.fxratesMeterBatch(keys.length, ...keys, ...args);
    groups.forEach((calls, g) => {
      const [counted, overQuota, after, before] = results.slice(4 * g, 4 * g + 4);
      this.rememberRefusals(calls[calls.length - 1], calls.length - counted - overQuota, overQuota, after);
      calls.forEach((call, i) => {
        const outcome = i < counted ? COUNTED : i < counted + overQuota ? OVER_QUOTA : OVER_BURST;
        this.settle(call, outcome, outcome === COUNTED ? before + i + 1 : after);
      });
    });
  }

  private rememberRefusals(last: PendingCall, overBurst: number, overQuota: number, used: number): void {
    const { key, period, now } = last;
    if (overQuota > 0) {
      const until = Math.min(now + QUOTA_REFUSAL_TRUST_MS, period.resetsAt);
      this.refusals.remember(key.userId, { outcome: OVER_QUOTA, used, plan: key.plan, until });
    } else if (overBurst > 0) {
      const until = (Math.floor(now / 1000) + 1) * 1000;
      this.refusals.remember(key.userId, { outcome: OVER_BURST, used, plan: key.plan, until });
    }
  }

  private settle(call: PendingCall, outcome: number, used: number): void {
    try {
      call.resolve(this.decide(call, outcome, used));
    } catch (refusal) {
      call.reject(refusal);
    }
  }

  /** The headers of a counted call; throws the 429 of a refused one. */
  private decide({ plan, period, now }: PendingCall, outcome: number, used: number): Record<string, string> {
    const state: RateLimitState = { plan, used, resetsAt: period.resetsAt, now };
    const headers = rateLimitHeaders(state);
    if (outcome !== 0)
      this.metrics.quotaRefusals.inc({ reason: outcome === OVER_BURST ? 'burst' : 'quota', plan: plan.id });
    if (outcome === OVER_BURST) {
      throw new AppException(
        ErrorCode.RateLimited,
        `More than ${plan.burstPerSecond} requests per second on the ${plan.name} plan. Slow down and retry in a second.`,
        undefined,
        { ...headers, 'Retry-After': '1' },
      );
    }
    if (outcome === OVER_QUOTA) {
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

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  limitsOf(plan: PlanId): PlanLimits {
    return this.plans.of(plan);
  }

  /** This month's count for a user, without counting anything (GET /usage). */
  async used(userId: string, now = Date.now()): Promise<number> {
    return Number((await this.redis.get(this.keys.month(userId, usagePeriod(now).month))) ?? 0);
  }
}
