import { PLANS, type BillingCycle, type PaidPlanId, type PlanId, type PlanQuote } from '@fxrates/domain';
import { formatLongDate, formatMoney } from '@fxrates/web-kit';

export const cycleName = (cycle: BillingCycle) => (cycle === 'annual' ? 'Annual' : 'Monthly');
const per = (cycle: BillingCycle) => (cycle === 'annual' ? 'a year' : 'a month');

/** One line of the quote: what is paid today, when the plan applies, what PayPal bills from when. */
export interface QuoteRow {
  key: 'today' | 'applies' | 'recurring';
  label: string;
  value: string;
}

/** "$635.88 a year from December 12, 2026", or "$635.88 a year" when the first payment is today. */
export function recurringText(quote: PlanQuote, timeZone?: string): string {
  const price = `${formatMoney(quote.recurringAmount, quote.currency)} ${per(quote.billingCycle)}`;
  return quote.recurringFrom ? `${price} from ${formatLongDate(quote.recurringFrom, timeZone)}` : price;
}

/** The quote as the subscribe page lists it before anything is approved at PayPal. */
export function quoteRows(quote: PlanQuote, timeZone?: string): QuoteRow[] {
  const applies =
    quote.timing === 'now'
      ? 'Now, once your payment is received'
      : quote.timing === 'period-end'
        ? formatLongDate(quote.effectiveAt, timeZone)
        : 'Already yours';
  return [
    { key: 'today', label: 'Due today', value: formatMoney(quote.chargeToday, quote.currency) },
    { key: 'applies', label: 'Plan applies', value: applies },
    { key: 'recurring', label: 'Then PayPal bills', value: recurringText(quote, timeZone) },
  ];
}

/**
 * What choosing a plan on the current subscription does, in the page's words: an upgrade applies
 * once the prorated difference is paid; anything else at the end of the paid period, at no charge.
 */
export function planChangeSummary(
  held: { plan: PlanId; billingCycle: BillingCycle },
  quote: PlanQuote,
  timeZone?: string,
): string {
  const from = `${PLANS[held.plan].name} (${cycleName(held.billingCycle)})`;
  const to = `${PLANS[quote.plan].name} (${cycleName(quote.billingCycle)})`;
  if (quote.direction === 'same' || quote.timing === null) return `${to} is your current plan.`;
  const verb = quote.direction === 'upgrade' ? 'Upgrading' : 'Downgrading';
  if (quote.timing === 'now') {
    return `You are on ${from}. ${verb} to ${to} applies as soon as your payment of ${formatMoney(quote.chargeToday, quote.currency)} for the rest of your paid period is received; then PayPal bills ${recurringText(quote, timeZone)}.`;
  }
  const date = formatLongDate(quote.effectiveAt, timeZone);
  return `You are on ${from}. ${verb} to ${to} takes effect on ${date}, the end of the period you already paid for; until then you keep ${PLANS[held.plan].name}.`;
}

/** The button that takes the buyer to PayPal: the amount when there is one to pay. */
export function planChangeButtonLabel(quote: PlanQuote): string {
  return quote.timing === 'now'
    ? `Pay ${formatMoney(quote.chargeToday, quote.currency)} with PayPal`
    : 'Continue to PayPal';
}

/**
 * A cancelled subscription with paid time left: the new subscription starts when that time ends
 * (PayPal's start_time), nothing is paid today; buying the same plan and cycle again resumes it.
 */
export function deferredStartText(
  held: PlanId,
  paidUntil: string,
  quote: PlanQuote,
  timeZone?: string,
): string {
  const date = formatLongDate(paidUntil, timeZone);
  const first = formatMoney(quote.recurringAmount, quote.currency);
  if (quote.direction === 'same') {
    return `Resumes on ${date}; nothing to pay today. You have paid for ${PLANS[held].name} until then; your next payment of ${first} is on ${date}.`;
  }
  return `You have paid for ${PLANS[held].name} until ${date}. ${PLANS[quote.plan].name} starts then: your first payment of ${first} is on ${date}, nothing today.`;
}

/** The notice after subscribing: active now, or from when the paid time ends. */
export function subscribedState(plan: PaidPlanId, startsAt: string | null) {
  return { subscriptionSuccess: true, plan, ...(startsAt ? { startsAt } : {}) };
}
