import type { BillingCycle } from './api-types';
import type { PlanChoice } from './plan-changes';
import { planPriceMinor } from './prices';

/** Months in one billing cycle: the unit in which plans of different cycles are compared. */
const CYCLE_MONTHS: Readonly<Record<BillingCycle, bigint>> = { monthly: 1n, annual: 12n };

/** A period of more than this many days was billed on the annual cycle (PayPal bills months or years). */
const LONGEST_MONTH_MS = 40 * 24 * 3600 * 1000;

/** The period the subscriber has paid for: from its payment to the next billing time. */
export interface PaidPeriod {
  start: Date;
  end: Date;
}

/** What switching to `to` for the rest of a paid period costs on top of what `from` already paid. */
export interface ProrationCharge {
  /** Cents to pay now, rounded half to even; 0 when the rest of the period is already worth more. */
  chargeMinor: number;
}

/**
 * n / d rounded to an integer, ties to even (banker's rounding), in exact integer arithmetic.
 * `d` is positive.
 */
export function divideHalfEven(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  let quotient = magnitude / d;
  const twiceRemainder = (magnitude % d) * 2n;
  if (twiceRemainder > d || (twiceRemainder === d && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * The prorated difference of a change of plan inside a paid period:
 *   remaining fraction of the period × (what `to` costs for such a period − what `from` cost for it),
 * where a plan's cost for the period is its price scaled by the period's cycle over its own (an annual
 * price counts a twelfth for a monthly period, a monthly price twelve times for an annual one). The
 * period's own cycle is read from its length. Computed as one exact fraction of integers (milliseconds
 * and cents), rounded once, half to even, to the cent; never negative: nothing is refunded here.
 */
export function prorationCharge(
  from: PlanChoice,
  to: PlanChoice,
  period: PaidPeriod,
  now: Date,
): ProrationCharge {
  const length = BigInt(Math.max(1, period.end.getTime() - period.start.getTime()));
  const left = BigInt(Math.min(Math.max(0, period.end.getTime() - now.getTime()), Number(length)));
  const periodMonths = Number(length) > LONGEST_MONTH_MS ? CYCLE_MONTHS.annual : CYCLE_MONTHS.monthly;
  const [fromMonths, toMonths] = [CYCLE_MONTHS[from.cycle], CYCLE_MONTHS[to.cycle]];
  const fromPrice = BigInt(planPriceMinor(from.plan, from.cycle));
  const toPrice = BigInt(planPriceMinor(to.plan, to.cycle));
  // left/length × periodMonths × (toPrice/toMonths − fromPrice/fromMonths), over one denominator.
  const numerator = left * periodMonths * (toPrice * fromMonths - fromPrice * toMonths);
  const denominator = length * toMonths * fromMonths;
  const charge = divideHalfEven(numerator, denominator);
  return {
    chargeMinor: charge > 0n ? Number(charge) : 0,
  };
}

/**
 * The period a subscription's current payment covers: from its last payment to its next billing
 * time, never longer than one cycle (one cycle before the next billing time when PayPal reports no
 * payment, or only an older one).
 */
export function paidPeriodOf(cycle: BillingCycle, end: Date, lastPaymentAt: Date | null): PaidPeriod {
  const [year, month] =
    cycle === 'annual'
      ? [end.getUTCFullYear() - 1, end.getUTCMonth()]
      : [end.getUTCFullYear(), end.getUTCMonth() - 1];
  // The same day of the earlier month, or its last day when it has fewer (31 March → 28 February).
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cycleStart = new Date(end);
  cycleStart.setUTCFullYear(year, month, Math.min(end.getUTCDate(), lastDay));
  // A payment older than one cycle (a failed renewal PayPal retries) starts no longer period.
  if (lastPaymentAt && lastPaymentAt < end && lastPaymentAt > cycleStart)
    return { start: lastPaymentAt, end };
  return { start: cycleStart, end };
}

/**
 * What an upgrade from `held` to `to` costs today: the prorated difference for the rest of the period
 * paid until `paidUntil` (last paid at `lastPaymentAt`), at least a cent, since PayPal takes no order
 * below one. The one figure the quotes show and the payment asks for.
 */
export function upgradeChargeMinor(
  held: PlanChoice,
  to: PlanChoice,
  paid: { until: Date; lastPaymentAt: Date | null },
  now: Date,
): number {
  const period = paidPeriodOf(held.cycle, paid.until, paid.lastPaymentAt);
  return Math.max(1, prorationCharge(held, to, period, now).chargeMinor);
}
