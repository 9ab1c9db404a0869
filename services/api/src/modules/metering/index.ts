/**
 * Metering of the public API: each metered call counted against its owner's monthly quota and
 * per-second burst, exactly across instances, in Redis (one script run per turn of the event loop,
 * leases for busy users, refusals answered from memory), with the rate-limit headers. The Redis key
 * layout it shares with the worker's usage flush lives in @fxrates/queues and is re-exported here.
 */
export { MeteringModule } from './metering.module';
export { MeteringService } from './metering.service';
export { PlanLimitsService } from './plan-limits';
export { MeterOutcome } from './meter-outcome';
export { quotaState, remainingOf, type QuotaState } from './quota-state';
export { rateLimitHeaders, type RateLimitState } from './rate-limit-headers';
export { usagePeriod, type UsagePeriod } from './usage-period';
export { usageRedisKeys, type UsageRedisKeys } from '@fxrates/queues';
