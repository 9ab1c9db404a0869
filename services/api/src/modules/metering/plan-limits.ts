import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { PLANS, PLAN_IDS, type PlanId, type PlanLimits } from '@fxrates/domain';

/** The limits each plan is metered by: the product's table, with any PLAN_LIMITS overrides. */
@Injectable()
export class PlanLimitsService {
  private readonly plans: Record<PlanId, PlanLimits>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.plans = Object.fromEntries(
      PLAN_IDS.map((id) => [id, { ...PLANS[id], ...config.usage.planLimits[id] }]),
    ) as Record<PlanId, PlanLimits>;
  }

  of(plan: PlanId): PlanLimits {
    return this.plans[plan];
  }
}
