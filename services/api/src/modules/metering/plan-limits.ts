import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { plansWithOverrides, type ApiKeyKind, type PlanId, type PlanLimits } from '@fxrates/domain';

/**
 * A publishable key's share of its plan's burst: it sits in web pages anyone can read, so a page
 * copied elsewhere (origins can be forged outside a browser) cannot take the whole burst.
 */
const PUBLISHABLE_BURST_SHARE = 0.5;

/** The limits each plan is metered by: the product's table, with any PLAN_LIMITS overrides. */
@Injectable()
export class PlanLimitsService {
  private readonly plans: Record<PlanId, PlanLimits>;
  private readonly publishablePlans: Record<PlanId, PlanLimits>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.plans = plansWithOverrides(config.usage.planLimits);
    this.publishablePlans = Object.fromEntries(
      Object.entries(this.plans).map(([id, limits]) => [
        id,
        {
          ...limits,
          burstPerSecond: Math.max(1, Math.floor(limits.burstPerSecond * PUBLISHABLE_BURST_SHARE)),
        },
      ]),
    ) as Record<PlanId, PlanLimits>;
  }

  of(plan: PlanId): PlanLimits {
    return this.plans[plan];
  }

  /** What a key of this kind is metered by: a publishable key has a lower burst. */
  forKind(plan: PlanId, kind: ApiKeyKind): PlanLimits {
    return kind === 'publishable' ? this.publishablePlans[plan] : this.plans[plan];
  }
}
