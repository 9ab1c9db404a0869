import {
  BILLING_CURRENCY,
  formatMinorUnits,
  planPriceMinor,
  type BillingCycle,
  type PaidPlanId,
} from '@fxrates/domain';
import type { PayPalPlanIds, PlanAndCycle } from './paypal-plan-ids';
import type { PayPalMoney, PayPalSubscription } from './paypal-subscription';

/** Why a PayPal subscription pays for none of our plans. */
export type SubscriptionRefusal =
  /** custom_id is not one of our user ids, or not the user it must be. */
  | 'not-for-user'
  /** plan_id is not in PAYPAL_PLAN_IDS. */
  | 'not-our-plan'
  /** Our plan, at a price we did not set (plan_overridden, a billing cycle's price, a quantity). */
  | 'not-our-price';

export type SubscriptionVerdict =
  | {
      accepted: true;
      plan: PaidPlanId;
      cycle: BillingCycle;
      /** The user the subscription was made for (custom_id). */
      userId: string;
      /** PayPal's status is ACTIVE: it pays now. Other statuses are the caller's to judge. */
      paying: boolean;
    }
  | { accepted: false; refusal: SubscriptionRefusal; reason: string };

/** Our user ids are lower-case UUIDs, as PostgreSQL prints them and the API hands them to the browser. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ONE = /^0*1(\.0*)?$/;
const DECIMAL = /^(\d{1,12})(?:\.(\d+))?$/;

/** A value PayPal echoes from the buyer's browser, fit for a log line. */
const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 80) ?? 'nothing';

/** "167.88" → 16788; null for anything that is not an exact amount of cents. */
export function minorUnitsOf(value: string | undefined): number | null {
  const match = DECIMAL.exec(value ?? '');
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (/[^0]/.test(fraction.slice(2))) return null;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
}

function isOurPrice(price: PayPalMoney | undefined, ours: number): boolean {
  return price?.currency_code === BILLING_CURRENCY && minorUnitsOf(price.value) === ours;
}

/** What about this subscription makes it cost other than our price for its plan, or null. */
function priceProblem(paypal: PayPalSubscription, { plan, cycle }: PlanAndCycle): string | null {
  // Anything but an explicit false is taken as overridden: an answer that cannot say it is not
  // overridden must not be granted (the client refuses such answers; this holds for any caller).
  if (paypal.plan_overridden !== undefined && paypal.plan_overridden !== false) {
    return 'it overrides its plan (plan_overridden), so its price is not ours';
  }
  if (paypal.quantity !== undefined && !ONE.test(paypal.quantity)) {
    return `its quantity ${shown(paypal.quantity)} changes the price`;
  }
  const ours = planPriceMinor(plan, cycle);
  for (const [index, billingCycle] of (paypal.plan?.billing_cycles ?? []).entries()) {
    const scheme = billingCycle.pricing_scheme;
    if (scheme?.tiers !== undefined || !isOurPrice(scheme?.fixed_price, ours)) {
      return `its billing cycle ${billingCycle.sequence ?? index + 1} is priced ${shown(scheme?.fixed_price ?? scheme)}, not our price ${formatMinorUnits(ours)} ${BILLING_CURRENCY}`;
    }
  }
  return null;
}

/**
 * Whether a PayPal subscription pays for one of our plans, at our price, for one of our users (and,
 * when `forUser` is given, for that user). The one judgement the API's subscribe call, the worker's
 * webhook sync and the reconcile command all apply; PayPal's status is reported, not judged, since
 * each of them acts on a status differently.
 */
export function judgeSubscription(
  paypal: PayPalSubscription,
  planIds: PayPalPlanIds,
  forUser?: string,
): SubscriptionVerdict {
  const customId = paypal.custom_id;
  if (typeof customId !== 'string' || !USER_ID.test(customId)) {
    return {
      accepted: false,
      refusal: 'not-for-user',
      reason: `custom_id ${shown(customId)} is not a user id`,
    };
  }
  if (forUser !== undefined && customId !== forUser) {
    return {
      accepted: false,
      refusal: 'not-for-user',
      reason: `custom_id names user ${customId}, not user ${forUser}`,
    };
  }
  const bought = planIds.planOf(paypal.plan_id);
  if (!bought) {
    return {
      accepted: false,
      refusal: 'not-our-plan',
      reason: `plan ${shown(paypal.plan_id)} is not one of ours`,
    };
  }
  const problem = priceProblem(paypal, bought);
  if (problem) return { accepted: false, refusal: 'not-our-price', reason: problem };
  return { accepted: true, ...bought, userId: customId, paying: paypal.status === 'ACTIVE' };
}
