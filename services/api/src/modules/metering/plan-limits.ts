import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { plansWithOverrides, type PlanId, type PlanLimits } from '@fxrates/domain';

/** The limits each plan is metered by: the product's table, with any PLAN_LIMITS overrides. */
@Injectable()
export class PlanLimitsService {
  private readonly plans: Record<PlanId, PlanLimits>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.plans = plansWithOverrides(config.usage.planLimits);
  }

  of(plan: PlanId): PlanLimits {
    return this.plans[plan];
  }
}
