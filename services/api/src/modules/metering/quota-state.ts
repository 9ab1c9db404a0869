import type { PlanId, PlanLimits } from '@fxrates/domain';
import type { UsagePeriod } from './usage-period';

/** A user's monthly quota as GET /api/usage and GET /api/v1/usage show it. */
export interface QuotaState {
  plan: PlanId;
  monthlyQuota: number;
  used: number;
  remaining: number;
  /** Start of the next metering month, ISO 8601. */
  resetsAt: string;
  burstPerSecond: number;
}

/** What is left of the month's quota after `used` calls (never below 0: refused calls are not counted). */
export function remainingOf(plan: PlanLimits, used: number): number {
  return Math.max(0, plan.monthlyQuota - used);
}

export function quotaState(plan: PlanLimits, used: number, period: UsagePeriod): QuotaState {
  return {
    plan: plan.id,
    monthlyQuota: plan.monthlyQuota,
    used,
    remaining: remainingOf(plan, used),
    resetsAt: new Date(period.resetsAt).toISOString(),
    burstPerSecond: plan.burstPerSecond,
  };
}
