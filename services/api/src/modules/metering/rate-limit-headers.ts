import type { PlanLimits } from '@fxrates/domain';
import { remainingOf } from './quota-state';

export interface RateLimitState {
  plan: PlanLimits;
  used: number;
  /** Start of the next metering month (ms since the epoch): when the monthly quota resets. */
  resetsAt: number;
  now: number;
  /** Set when the call is refused for its second's burst rather than the month's quota. */
  overBurst?: boolean;
}

/**
 * The IETF draft's (draft-ietf-httpapi-ratelimit-headers) `RateLimit-Policy` and `RateLimit` for
 * the monthly quota and the per-second burst, plus the widespread X-RateLimit-* trio, which always
 * describe the monthly quota. A policy's `w` is its window's length, fixed for the month; `RateLimit`
 * names the policy a client is nearest to: the month, or the burst when the call was refused for
 * it (with nothing left until the next second).
 */
export function rateLimitHeaders({
  plan,
  used,
  resetsAt,
  now,
  overBurst,
}: RateLimitState): Record<string, string> {
  const remaining = remainingOf(plan, used);
  const resetSeconds = Math.max(0, Math.ceil((resetsAt - now) / 1000));
  const fixed = fixedPartsOf(plan, resetsAt);
  return {
    'RateLimit-Policy': fixed.policy,
    RateLimit: overBurst ? BURST_SPENT : `"month";r=${remaining};t=${resetSeconds}`,
    'X-RateLimit-Limit': fixed.limit,
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': fixed.reset,
  };
}

/** A burst is per second: once refused, nothing is left for at most the rest of this second. */
const BURST_SPENT = '"burst";r=0;t=1';

interface FixedParts {
  resetsAt: number;
  policy: string;
  limit: string;
  reset: string;
}

/** The headers' parts every call of a plan shares within a month, made once a month. */
const fixedParts = new WeakMap<PlanLimits, FixedParts>();

function fixedPartsOf(plan: PlanLimits, resetsAt: number): FixedParts {
  const known = fixedParts.get(plan);
  if (known?.resetsAt === resetsAt) return known;
  const next = new Date(resetsAt);
  const monthStart = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() - 1, 1);
  const monthSeconds = (resetsAt - monthStart) / 1000;
  const parts = {
    resetsAt,
    policy: `"month";q=${plan.monthlyQuota};w=${monthSeconds}, "burst";q=${plan.burstPerSecond};w=1`,
    limit: String(plan.monthlyQuota),
    reset: String(Math.floor(resetsAt / 1000)),
  };
  fixedParts.set(plan, parts);
  return parts;
}
