import type { PlanLimits } from '@fxrates/domain';

export interface RateLimitState {
  plan: PlanLimits;
  used: number;
  resetsAt: number;
  now: number;
}

/**
 * The IETF draft's RateLimit-Policy and RateLimit for the monthly quota and the burst, plus the
 * widespread X-RateLimit-* trio for the monthly quota.
 */
export function rateLimitHeaders({ plan, used, resetsAt, now }: RateLimitState): Record<string, string> {
  const remaining = Math.max(0, plan.monthlyQuota - used);
  const resetSeconds = Math.max(0, Math.ceil((resetsAt - now) / 1000));
  const fixed = fixedPartsOf(plan, resetsAt, resetSeconds);
  return {
    'RateLimit-Policy': fixed.policy,
    RateLimit: `"month";r=${remaining};t=${resetSeconds}`,
    'X-RateLimit-Limit': fixed.limit,
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': fixed.reset,
  };
}

interface FixedParts {
  resetsAt: number;
  resetSeconds: number;
  policy: string;
  limit: string;
  reset: string;
}

/** The headers' parts every call of a plan shares within a second, made once a second. */
const fixedParts = new WeakMap<PlanLimits, FixedParts>();

function fixedPartsOf(plan: PlanLimits, resetsAt: number, resetSeconds: number): FixedParts {
  const known = fixedParts.get(plan);
  if (known?.resetSeconds === resetSeconds && known.resetsAt === resetsAt) return known;
  const parts = {
    resetsAt,
    resetSeconds,
    policy: `"month";q=${plan.monthlyQuota};w=${resetSeconds}, "burst";q=${plan.burstPerSecond};w=1`,
    limit: String(plan.monthlyQuota),
    reset: String(Math.floor(resetsAt / 1000)),
  };
  fixedParts.set(plan, parts);
  return parts;
}
