import type { AppConfig } from '@fxrates/config';
import { BILLING_CYCLES, PAID_PLAN_IDS, type BillingCycle, type PaidPlanId } from '@fxrates/domain';

export interface PlanAndCycle {
  plan: PaidPlanId;
  cycle: BillingCycle;
}

/** Our PayPal plan ids (PAYPAL_PLAN_IDS), looked up both ways. */
export class PayPalPlanIds {
  private readonly byPayPalId = new Map<string, PlanAndCycle>();

  constructor(private readonly planIds: AppConfig['paypal']['planIds']) {
    for (const plan of PAID_PLAN_IDS) {
      for (const cycle of BILLING_CYCLES) {
        const id = planIds[`${plan}.${cycle}`];
        if (id) this.byPayPalId.set(id, { plan, cycle });
      }
    }
  }

  /** The PayPal plan id of a plan and cycle, or null when none is configured. */
  idOf(plan: PaidPlanId, cycle: BillingCycle): string | null {
    return this.planIds[`${plan}.${cycle}`] ?? null;
  }

  /** Which of our plans and cycles a PayPal plan id is, or undefined when it is not ours. */
  planOf(paypalPlanId: string | undefined): PlanAndCycle | undefined {
    return paypalPlanId ? this.byPayPalId.get(paypalPlanId) : undefined;
  }
}
