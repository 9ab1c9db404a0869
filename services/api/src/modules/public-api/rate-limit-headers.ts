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
  return {
    'RateLimit-Policy': `"month";q=${plan.monthlyQuota};w=${resetSeconds}, "burst";q=${plan.burstPerSecond};w=1`,
    RateLimit: `"month";r=${remaining};t=${resetSeconds}`,
    'X-RateLimit-Limit': String(plan.monthlyQuota),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(Math.floor(resetsAt / 1000)),
  };
}
