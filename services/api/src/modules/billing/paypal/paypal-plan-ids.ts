import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@fxrates/config';
import { PAID_PLAN_IDS, type BillingCycle, type PaidPlanId } from '@fxrates/domain';

export interface PlanAndCycle {
  plan: PaidPlanId;
  cycle: BillingCycle;
}

/** Our PayPal plan ids (from config), looked up both ways. */
@Injectable()
export class PayPalPlanIds {
  private readonly logger = new Logger(PayPalPlanIds.name);
  private readonly byPayPalId = new Map<string, PlanAndCycle>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    for (const plan of PAID_PLAN_IDS) {
      for (const cycle of ['monthly', 'annual'] as const) {
        const id = config.paypal.planIds[`${plan}.${cycle}`];
        if (id) this.byPayPalId.set(id, { plan, cycle });
      }
    }
  }

  /** The PayPal plan id of a plan and cycle; null (and an error logged) when none is configured (spec §3). */
  idOf(plan: PaidPlanId, cycle: BillingCycle): string | null {
    const id = this.config.paypal.planIds[`${plan}.${cycle}`];
    if (!id) {
      this.logger.error(`No PayPal plan id for ${plan} ${cycle}: set it in PAYPAL_PLAN_IDS`);
      return null;
    }
    return id;
  }

  /** Which of our plans and cycles a PayPal plan id is, or undefined when it is not ours. */
  planOf(paypalPlanId: string | undefined): PlanAndCycle | undefined {
    return paypalPlanId ? this.byPayPalId.get(paypalPlanId) : undefined;
  }
}
