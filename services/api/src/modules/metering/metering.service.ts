import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { UsageRepository } from '@fxrates/db';
import { ErrorCode, type PlanId, type PlanLimits } from '@fxrates/domain';
import { usageRedisKeys, type UsageRedisKeys } from '@fxrates/queues';
import type { Redis } from 'ioredis';
import { ApiMetrics } from '../../common/metrics';
import { AppException } from '../../common/errors';
import { storeUnavailable } from '../../common/resilience';
import type { ResolvedKey } from '../keys';
import { REDIS, RedisConnections } from '../redis';
import { LeaseBook, LeaseSettlement } from './leases';
import { MeterBatch, meterBatchRunner, outcomeOf, type MeterGroupResult } from './meter-batch.lua';
import { MeterOutcome } from './meter-outcome';
import { MonthSeeds } from './month-seed';
import { PlanLimitsService } from './plan-limits';
import { rateLimitHeaders, type RateLimitState } from './rate-limit-headers';
import { RecentCalls } from './recent-calls';
import { RefusalCache } from './refusal-cache';
import { usagePeriod, type UsagePeriod } from './usage-period';

/** A month counter outlives its month by a few days, so a late read still sees it. */
const MONTH_TTL_SECONDS = 35 * 24 * 3600;

interface PendingCall {
  key: ResolvedKey;
  plan: PlanLimits;
  period: UsagePeriod;
  now: number;
  /** How many times Redis deferred this call while another instance's lease was unsettled. */
  deferrals: number;
  /** How many times its month counter was missing and seeded (MonthSeeds). */
  seeds: number;
  /**
   * The metered calls it stands for: 1 for a call; more for a batch conversion (one per 100 rows),
   * counted all or nothing, in a group of its own and never from a lease.
   */
  units: number;
  resolve: (headers: Record<string, string>) => void;
  reject: (error: unknown) => void;
}

/** How long a quota refusal is answered from memory before Redis is asked again. */
const QUOTA_REFUSAL_TRUST_MS = 10_000;

/**
 * A key metered by limits of its own (a monthly cap, a publishable key's lower burst): never served
 * from the user's leases, and its refusals are not the user's to remember.
 */
const hasOwnLimits = (key: ResolvedKey): boolean => key.monthlyCap !== null || key.kind === 'publishable';

/** A test key's rate-limit headers: its burst only, as it has no monthly quota. */
function testKeyHeaders(burst: number, calls: number, second: number): Record<string, string> {
  return {
    'RateLimit-Policy': `"burst";q=${burst};w=1`,
    RateLimit: `"burst";r=${Math.max(0, burst - calls)};t=${Math.max(1, second + 1 - Math.floor(Date.now() / 1000))}`,
  };
}

/** What a refusal of several units at once says first: they were refused together, and none was counted. */
const unitsNote = (units: number) =>
  units === 1 ? '' : `This request counts as ${units} calls, refused together (none was counted). `;

/** The user and second a call is counted in: what `MeteringService.waiting` counts by. */
const waitingKeyOf = ({ key, now }: PendingCall) => `${key.userId}|${Math.floor(now / 1000)}`;

/** Groups (calls of one key in one second) one script meters at most; more go in several round trips. */
const MAX_GROUPS = 256;
/** A user's calls in the last second on this instance from which it asks for a lease. */
const MIN_LEASE = 32;
/** A deferred call is asked again this long after its second is over, when the leases are settled. */
const DEFERRAL_RETRY_MS = 100;
/** After this many deferrals a refusal is final (an instance that died holding a lease never settles it). */
const MAX_DEFERRALS = 5;
/** A counter missing again right after its seed (Redis losing its data again and again) ends in a 503. */
const MAX_SEEDS = 3;

/**
 * Counts a successful metered call against the owner's plan: the monthly quota and the per-second
 * burst, atomically in Redis. The calls that finish in one turn of the event loop share one script
 * run (one round trip for all of them), decided in Redis as if one by one in order, so the count
 * stays exact across instances and at the quota's edge. A refusal that must hold for the rest of the
 * second or month is then answered from memory (RefusalCache). Refusals are 429 with Retry-After;
 * every outcome gives the rate-limit headers.
 *
 * A user who made many calls here in the last second gets a lease with the next script run: units
 * of this second's burst and the month's quota, reserved in Redis, that this instance then meters
 * without a round trip. Once the second is over the lease is settled: unused units go back and the
 * calls it served are recorded. Leases are only granted far from the quota's end; a call Redis would
 * refuse while some lease of the user is unsettled is deferred until it is, so a refusal stays exact.
 * The life of a lease is drawn in leases.ts; METERING_LEASES=off asks for none (to measure them).
 *
 * A month counter Redis does not have (a user's first call of the month, or Redis lost its data) is
 * seeded from PostgreSQL's usage records before any call is metered against it (MonthSeeds). While
 * Redis is unreachable every call fails at once and is answered 503 (common/resilience/store-outage.ts).
 */
@Injectable()
export class MeteringService implements OnModuleInit, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly keys: UsageRedisKeys;
  private readonly meterBatch: (batch: MeterBatch) => Promise<MeterGroupResult[]>;
  /** METERING_LEASES: whether this instance asks for leases. */
  private readonly leasesOn: boolean;
  private batch: PendingCall[] = [];
  private readonly refusals = new RefusalCache();
  private readonly settlement: LeaseSettlement;
  private readonly seeds: MonthSeeds;
  private readonly leases = new LeaseBook(
    (second) => void this.settlement.settle(this.leases.takeSecond(second)),
  );
  private readonly recentCalls = new RecentCalls();
  /** How many calls are waiting to be asked again, by user and second (see `askAgainLater`). */
  private readonly waiting = new Map<string, number>();

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    em: EntityManager,
    private readonly plans: PlanLimitsService,
    private readonly metrics: ApiMetrics,
    private readonly connections: RedisConnections,
  ) {
    // A connection of its own, without auto-pipelining: calls are already batched per turn of the
    // event loop, and the shared connection's pipelining only added work per script run.
    const own = redis.duplicate({ enableAutoPipelining: false });
    this.redis = own;
    this.meterBatch = meterBatchRunner(own);
    this.keys = usageRedisKeys(config.redis.keyPrefix);
    this.leasesOn = config.usage.leases;
    this.settlement = new LeaseSettlement(own, this.keys);
    this.seeds = new MonthSeeds(new UsageRepository(em), own, this.keys, MONTH_TTL_SECONDS);
  }

  async onModuleInit(): Promise<void> {
    await this.connections.connect(this.redis, 'metering');
  }

  /** Counts the call, or rejects with 429; resolves to the headers to send either way. */
  meter(key: ResolvedKey, now = Date.now()): Promise<Record<string, string>> {
    return new Promise((resolve, reject) => this.meterThen(key, now, resolve, reject));
  }

  /** `meter` with callbacks, for the hot path: the caller's promise is the only one. */
  meterThen(
    key: ResolvedKey,
    now: number,
    resolve: (headers: Record<string, string>) => void,
    reject: (refusal: unknown) => void,
    units = 1,
  ): void {
    const call = {
      key,
      plan: this.plans.forKind(key.plan, key.kind),
      period: usagePeriod(now),
      now,
      deferrals: 0,
      seeds: 0,
      units,
      resolve,
      reject,
    };
    const known = this.refusals.get(key.userId, key.plan, now);
    if (known) this.settle(call, known.outcome, known.used);
    else this.enqueue(call);
  }

  /**
   * `units` metered calls made by one request (a batch conversion: one per 100 rows), admitted all
   * or none: refused whole (429, counting nothing) when the second's burst, the month's quota or the
   * key's cap cannot take them all. Resolves to the headers to send, as `meter` does. One unit is
   * simply a call.
   */
  meterUnits(key: ResolvedKey, now: number, units: number): Promise<Record<string, string>> {
    if (!Number.isSafeInteger(units) || units < 1) throw new RangeError(`Cannot meter ${units} units`);
    return new Promise((resolve, reject) => this.meterThen(key, now, resolve, reject, units));
  }

  /**
   * A test key's call: never counted against any quota, only held to the Free plan's burst per key
   * (in Redis, so across instances). Resolves to its rate-limit headers, or rejects with 429.
   */
  admitTestCall(
    key: ResolvedKey,
    now: number,
    resolve: (headers: Record<string, string>) => void,
    reject: (refusal: unknown) => void,
  ): void {
    const plan = this.plans.of('free');
    const second = Math.floor(now / 1000);
    const counter = this.keys.testBurst(key.keyId, second);
    this.redis
      .multi()
      .incr(counter)
      .pexpire(counter, 2_000)
      .exec()
      .then((replies) => {
        const [error, calls] = replies?.[0] ?? [new Error('The test burst counter was not answered'), 0];
        if (error) throw error;
        const headers = testKeyHeaders(plan.burstPerSecond, Number(calls), second);
        if (Number(calls) <= plan.burstPerSecond) return resolve(headers);
        reject(
          new AppException(
            ErrorCode.RateLimited,
            `More than ${plan.burstPerSecond} requests per second with a test key. Slow down and retry in a second.`,
            undefined,
            { ...headers, 'Retry-After': '1' },
          ),
        );
      })
      .catch((error: unknown) => reject(storeUnavailable(error)));
  }

  private enqueue(call: PendingCall): void {
    if (this.batch.length === 0) setImmediate(() => this.flush());
    this.batch.push(call);
  }

  /** Answers the calls a lease covers, and meters the others in Redis, grouped by key and second. */
  private flush(): void {
    const groups = new Map<string, PendingCall[]>();
    let allOrNothing = 0;
    for (const call of this.batch) {
      const { key, plan, now } = call;
      const used =
        call.deferrals === 0 && call.units === 1 && !hasOwnLimits(key)
          ? this.leases.take(key.userId, key.plan, key.keyId, now)
          : undefined;
      if (used !== undefined) {
        this.recentCalls.add(key.userId, now, 1);
        this.settle(call, MeterOutcome.Counted, used);
        continue;
      }
      // Units of one request are decided together, apart from the calls they came among.
      const id =
        call.units === 1
          ? `${key.keyId}|${plan.id}|${Math.floor(now / 1000)}|${call.deferrals}`
          : `units|${allOrNothing++}`;
      const group = groups.get(id);
      if (group) group.push(call);
      else groups.set(id, [call]);
    }
    this.batch = [];
    if (this.leases.anyUsedUp) void this.settlement.settle(this.leases.takeUsedUp());
    const all = [...groups.values()];
    for (let start = 0; start < all.length; start += MAX_GROUPS) {
      const chunk = all.slice(start, start + MAX_GROUPS);
      this.run(chunk).catch((error: unknown) =>
        chunk.flat().forEach((call) => {
          this.stopWaiting(call);
          call.reject(error);
        }),
      );
    }
  }

  /** One script run for these groups; each group's calls are answered in the order they came. */
  private async run(groups: PendingCall[][]): Promise<void> {
    const batch = new MeterBatch(this.keys);
    for (const calls of groups) {
      const { key, plan, period, now, deferrals, units } = calls[calls.length - 1];
      const lastSecond =
        this.leasesOn && deferrals === 0 && units === 1 && !hasOwnLimits(key)
          ? this.recentCalls.lastSecond(key.userId, now)
          : 0;
      batch.add({
        userId: key.userId,
        keyId: key.keyId,
        month: period.month,
        day: period.day,
        now,
        calls: units === 1 ? calls.length : units,
        monthlyQuota: plan.monthlyQuota,
        burstPerSecond: plan.burstPerSecond,
        leaseWanted: lastSecond >= MIN_LEASE ? lastSecond : 0,
        mayDefer: deferrals < MAX_DEFERRALS,
        keyMonthlyCap: key.monthlyCap ?? 0,
        allOrNothing: units > 1,
      });
    }
    const results = await this.meterBatch(batch);
    groups.forEach((calls, g) => {
      const result = results[g];
      const last = calls[calls.length - 1];
      if (!result.seeded) {
        this.seedThenAskAgain(calls);
        return;
      }
      const { counted, usedBefore: before, usedAfter: after, leaseGranted: granted } = result;
      this.recentCalls.add(last.key.userId, last.now, counted);
      if (granted > 0) {
        this.leases.add({
          userId: last.key.userId,
          plan: last.key.plan,
          second: Math.floor(last.now / 1000),
          month: last.period.month,
          day: last.period.day,
          units: granted,
          used: after,
        });
      }
      // Units refused whole say nothing of a single call, which may still fit.
      if (!hasOwnLimits(last.key) && last.units === 1)
        this.rememberRefusals(last, result.overBurst, result.overQuota, after);
      calls.forEach((call, i) => {
        const outcome = outcomeOf(result, i);
        if (outcome === MeterOutcome.Deferred) this.askAgainLater(call, after);
        else
          this.settle(
            call,
            outcome,
            outcome === MeterOutcome.Counted && call.units === 1 ? before + i + 1 : after,
          );
      });
    });
  }

  /**
   * The month counter of these calls' user is missing (the first call of a month, or Redis lost it):
   * seeds it from PostgreSQL and meters them again. Without a count, no quota decision is made: if
   * PostgreSQL cannot be read either, the calls are refused with 503.
   */
  private seedThenAskAgain(calls: PendingCall[]): void {
    const { key, period } = calls[0];
    const refuse = (cause: unknown) =>
      calls.forEach((call) => {
        this.stopWaiting(call);
        call.reject(storeUnavailable(cause));
      });
    if (calls.some((call) => call.seeds >= MAX_SEEDS)) {
      refuse(new Error(`The month counter of ${key.userId} vanished from Redis ${MAX_SEEDS} times`));
      return;
    }
    this.seeds.seed(key.userId, period, key.monthlyCap === null ? undefined : key.keyId).then(
      () => {
        for (const call of calls) {
          call.seeds++;
          this.enqueue(call);
        }
      },
      (error: Error) =>
        refuse(new Error(`The month counter of ${key.userId} could not be rebuilt: ${error.message}`)),
    );
  }

  /**
   * Asks again once the call's second is over and the leases held in it are settled. A second
   * admits at most the burst, so at most that many of a user's calls in it wait on this instance;
   * any more are refused at once, as they would be then (a flood must not hold requests open).
   */
  private askAgainLater(call: PendingCall, used: number): void {
    if (call.deferrals === 0) {
      const waitingKey = waitingKeyOf(call);
      const waiting = this.waiting.get(waitingKey) ?? 0;
      if (waiting >= call.plan.burstPerSecond) {
        this.settle(call, MeterOutcome.OverBurst, used);
        return;
      }
      this.waiting.set(waitingKey, waiting + 1);
    }
    call.deferrals++;
    const secondOver = (Math.floor(call.now / 1000) + 1) * 1000;
    const delay = Math.max(0, secondOver - Date.now()) + DEFERRAL_RETRY_MS * call.deferrals;
    setTimeout(() => this.enqueue(call), delay);
  }

  private rememberRefusals(last: PendingCall, overBurst: number, overQuota: number, used: number): void {
    const { key, period, now } = last;
    if (overQuota > 0) {
      const until = Math.min(now + QUOTA_REFUSAL_TRUST_MS, period.resetsAt);
      this.refusals.remember(key.userId, { outcome: MeterOutcome.OverQuota, used, plan: key.plan, until });
    } else if (overBurst > 0) {
      const until = (Math.floor(now / 1000) + 1) * 1000;
      this.refusals.remember(key.userId, { outcome: MeterOutcome.OverBurst, used, plan: key.plan, until });
    }
  }

  /** A call that waited (`askAgainLater`) is answered: it no longer counts among its second's waiting. */
  private stopWaiting(call: PendingCall): void {
    if (call.deferrals === 0) return;
    const waitingKey = waitingKeyOf(call);
    const waiting = (this.waiting.get(waitingKey) ?? 1) - 1;
    if (waiting > 0) this.waiting.set(waitingKey, waiting);
    else this.waiting.delete(waitingKey);
  }

  private settle(call: PendingCall, outcome: MeterOutcome, used: number): void {
    this.stopWaiting(call);
    try {
      call.resolve(this.decide(call, outcome, used));
    } catch (refusal) {
      call.reject(refusal);
    }
  }

  /** The headers of a counted call; throws the 429 of a refused one. */
  private decide(
    { key, plan, period, now, units }: PendingCall,
    outcome: MeterOutcome,
    used: number,
  ): Record<string, string> {
    const overBurst = outcome === MeterOutcome.OverBurst;
    const state: RateLimitState = { plan, used, resetsAt: period.resetsAt, now, overBurst };
    const headers = rateLimitHeaders(state);
    if (outcome !== MeterOutcome.Counted)
      this.metrics.quotaRefusals.inc({
        reason: overBurst ? 'burst' : outcome === MeterOutcome.OverCap ? 'key-cap' : 'quota',
        plan: plan.id,
      });
    if (overBurst) {
      throw new AppException(
        ErrorCode.RateLimited,
        `${unitsNote(units)}More than ${plan.burstPerSecond} requests per second on the ${plan.name} plan. Slow down and retry in a second.`,
        undefined,
        { ...headers, 'Retry-After': '1' },
      );
    }
    if (outcome === MeterOutcome.OverCap) {
      const seconds = Math.max(1, Math.ceil((period.resetsAt - now) / 1000));
      throw new AppException(
        ErrorCode.KeyCapReached,
        `${unitsNote(units)}This key's own cap of ${(key.monthlyCap ?? 0).toLocaleString('en-US')} calls this month is used up. Raise or remove its cap in your dashboard, or use another key.`,
        undefined,
        { ...headers, 'Retry-After': String(seconds) },
      );
    }
    if (outcome === MeterOutcome.OverQuota) {
      const seconds = Math.max(1, Math.ceil((period.resetsAt - now) / 1000));
      throw new AppException(
        ErrorCode.QuotaExceeded,
        `${unitsNote(units)}The ${plan.name} plan's ${plan.monthlyQuota.toLocaleString('en-US')} requests for this month ${units === 1 ? 'are used up' : 'cannot take it'}. Upgrade your plan or wait for the reset.`,
        undefined,
        { ...headers, 'Retry-After': String(seconds) },
      );
    }
    return headers;
  }

  /** Settles every lease still held and waits for the settlements under way, then disconnects. */
  async onApplicationShutdown(): Promise<void> {
    void this.settlement.settle(this.leases.takeUsedUp());
    for (const second of this.leases.seconds()) void this.settlement.settle(this.leases.takeSecond(second));
    await this.settlement.drain();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  limitsOf(plan: PlanId): PlanLimits {
    return this.plans.of(plan);
  }

  /** This month's count for a user, without counting anything (GET /usage); seeds a missing counter. */
  async used(userId: string, now = Date.now()): Promise<number> {
    const period = usagePeriod(now);
    const key = this.keys.month(userId, period.month);
    const stored = await this.redis.get(key);
    if (stored !== null) return Number(stored);
    await this.seeds.seed(userId, period);
    return Number((await this.redis.get(key)) ?? 0);
  }
}
