import type { PlanId } from './plans';
import {
  planChangeDirection,
  planChangeTiming,
  type PlanChoice,
  type PlanQuote,
  type PlanQuotesResponse,
} from './plan-changes';
import { BILLING_CURRENCY, BILLING_CYCLES, formatMinorUnits, PAID_PLAN_IDS, planPriceMinor } from './prices';
import { upgradeChargeMinor } from './proration';

/** What the user holds, as their latest subscription says. */
export interface HeldSubscription extends PlanChoice {
  /** PayPal's status in lower case: active (it bills on), cancelled (paid time only), … */
  status: string;
  /** The end of the period paid for (PayPal's next billing time while active). */
  periodEnd: Date | null;
  lastPaymentAt: Date | null;
}

const FREE: PlanChoice = { plan: 'free', cycle: 'monthly' };

/**
 * Every paid plan and cycle, priced for this user at `now` (GET /api/v1/subscriptions/quotes):
 * - with an active subscription: a higher tier now for its prorated difference, anything else at
 *   the end of the paid period for nothing today;
 * - with paid time left and no subscription billing on (cancelled): every plan, the same one
 *   included (a resumption), starts when the paid time ends, for nothing today;
 * - otherwise: every plan now, at its full price.
 */
export function planQuotes(held: HeldSubscription | null, userPlan: PlanId, now: Date): PlanQuotesResponse {
  const paidUntil = held?.periodEnd && held.periodEnd > now ? held.periodEnd : null;
  const active = held?.status === 'active' && paidUntil !== null;
  const current: PlanChoice = held && (active || paidUntil) ? held : { ...FREE, plan: userPlan };
  const quotes = PAID_PLAN_IDS.flatMap((plan) =>
    BILLING_CYCLES.map((billingCycle): PlanQuote => {
      const target = { plan, cycle: billingCycle };
      const price = formatMinorUnits(planPriceMinor(plan, billingCycle));
      const base = { plan, billingCycle, currency: BILLING_CURRENCY, recurringAmount: price };
      const direction = planChangeDirection(current, target);
      if (!paidUntil || !held) {
        return {
          ...base,
          direction,
          timing: 'now',
          chargeToday: price,
          effectiveAt: now.toISOString(),
          recurringFrom: null,
        };
      }
      const later = {
        chargeToday: '0.00',
        effectiveAt: paidUntil.toISOString(),
        recurringFrom: paidUntil.toISOString(),
      };
      if (!active) return { ...base, direction, timing: 'period-end', ...later };
      const timing = planChangeTiming(held, target);
      if (timing === null) return { ...base, direction, timing, ...later, effectiveAt: null };
      if (timing === 'period-end') return { ...base, direction, timing, ...later };
      const chargeMinor = upgradeChargeMinor(
        held,
        target,
        { until: paidUntil, lastPaymentAt: held.lastPaymentAt },
        now,
      );
      return {
        ...base,
        direction,
        timing,
        chargeToday: formatMinorUnits(chargeMinor),
        effectiveAt: now.toISOString(),
        recurringFrom: paidUntil.toISOString(),
      };
    }),
  );
  return {
    plan: current.plan,
    billingCycle: current.cycle,
    status: held && (active || paidUntil) ? held.status : 'none',
    paidUntil: paidUntil?.toISOString() ?? null,
    quotes,
  };
}
