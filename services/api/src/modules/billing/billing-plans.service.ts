import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import {
  ANNUAL_PER_MONTH_DISPLAY_MINOR,
  BILLING_CURRENCY,
  formatMinorUnits,
  isPaidPlanId,
  PLAN_IDS,
  PLANS,
  planPriceMinor,
  type BillingPlan,
  type BillingPlansResponse,
  type BillingCycle,
  type PaidPlanId,
  type PlanId,
} from '@fxrates/domain';
import { PlanLimitsService } from '../metering';
import { PayPalPlanIds } from '@fxrates/paypal';

/** The price list the pricing and subscribe pages render: our table, our limits, our PayPal plans. */
@Injectable()
export class BillingPlansService {
  private readonly logger = new Logger(BillingPlansService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: PlanLimitsService,
    private readonly planIds: PayPalPlanIds,
  ) {}

  list(): BillingPlansResponse {
    return {
      currency: BILLING_CURRENCY,
      environment: this.config.paypal.environment,
      paypalClientId: this.config.paypal.clientId,
      plans: PLAN_IDS.map((id) => this.plan(id)),
    };
  }

  private plan(id: PlanId): BillingPlan {
    const limits = this.limits.of(id);
    const price = (cycle: 'monthly' | 'annual') =>
      formatMinorUnits(planPriceMinor(id, cycle, (message) => this.logger.error(message)));
    const paid = isPaidPlanId(id);
    return {
      id,
      name: PLANS[id].name,
      monthlyQuota: limits.monthlyQuota,
      burstPerSecond: limits.burstPerSecond,
      monthly: price('monthly'),
      annual: price('annual'),
      annualPerMonth: formatMinorUnits(paid ? ANNUAL_PER_MONTH_DISPLAY_MINOR[id] : 0),
      paypalPlanIds: {
        monthly: paid ? this.paypalPlanId(id, 'monthly') : null,
        annual: paid ? this.paypalPlanId(id, 'annual') : null,
      },
    };
  }

  /** A missing plan id gives null and logs an error. */
  private paypalPlanId(plan: PaidPlanId, cycle: BillingCycle): string | null {
    const id = this.planIds.idOf(plan, cycle);
    if (!id) this.logger.error(`No PayPal plan id for ${plan} ${cycle}: set it in PAYPAL_PLAN_IDS`);
    return id;
  }
}
