import type { PlanLimits, QuotaState } from '@fxrates/domain';
import type { UsagePeriod } from './usage-period';

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
