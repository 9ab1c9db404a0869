import {
  PRICING_TEXTS,
  type PendingPlanChange,
  type PlanQuote,
  type PlanQuotesResponse,
  type PricingCard,
} from '@fxrates/domain';
import { findQuote, formatMoney, formatLongDate, paidTimeLeft } from '@fxrates/web-kit';
import { CARD_LABELS, pricingDestination, type CardAction } from './pricing-destination';

/** A subscriber's card: its button, and on the current tier's other cycle a switch of cycle. */
export interface QuotedCardAction extends CardAction {
  /** The same tier on the other cycle: the card stays "Current plan", this switches the cycle. */
  switchCycle?: CardAction;
}

const today = (quote: PlanQuote) => `${formatMoney(quote.chargeToday, quote.currency)} today`;
const on = (quote: PlanQuote, timeZone?: string) =>
  quote.timing === 'period-end' && quote.effectiveAt
    ? ` on ${formatLongDate(quote.effectiveAt, timeZone)}`
    : '';

/** "Upgrade — $42.17 today", "Downgrade on Dec 12, 2026 — $0.00 today". */
export function quoteLabel(quote: PlanQuote, timeZone?: string): string {
  const verb = quote.direction === 'upgrade' ? CARD_LABELS.upgrade : CARD_LABELS.downgrade;
  return `${verb}${on(quote, timeZone)} — ${today(quote)}`;
}

/**
 * What a card's button says and does for a user on a paid plan, from the server's quotes (GET
 * /api/v1/subscriptions/quotes): the current plan reads "Current plan" on both cycles; every other
 * card "Upgrade" or "Downgrade" with what it costs today and, when it applies later, from when. With a
 * cancelled subscription's paid time left, the held plan and cycle is "Resume" and Free is already
 * scheduled. A downgrade already scheduled reads so.
 */
export function pricingCardAction(
  quotes: PlanQuotesResponse,
  card: Pick<PricingCard, 'id'>,
  isAnnual: boolean,
  pending: PendingPlanChange | null,
  timeZone?: string,
): QuotedCardAction {
  const destination = pricingDestination(card, true, isAnnual);
  if (card.id === 'rfq') return { ...destination, label: PRICING_TEXTS.contactUs, disabled: false };
  const resumable = paidTimeLeft(quotes) !== null;
  if (card.id === 'free') {
    // Free means cancelling (on the account page), from the end of the paid period; a cancelled
    // subscription goes there already.
    if (resumable) return { to: '/account', label: CARD_LABELS.scheduled, disabled: true };
    const when = quotes.paidUntil ? ` on ${formatLongDate(quotes.paidUntil, timeZone)}` : '';
    return {
      to: '/account',
      label: `${CARD_LABELS.downgrade}${when} — ${formatMoney('0.00', 'USD')} today`,
      disabled: false,
    };
  }
  const cycle = isAnnual ? 'annual' : 'monthly';
  const quote = findQuote(quotes, card.id, cycle);
  const scheduled = pending?.plan === card.id && pending.billingCycle === cycle;
  if (!quote) return { ...destination, label: 'Choose plan', disabled: false };
  if (resumable) {
    const label =
      quote.direction === 'same' ? `${CARD_LABELS.resume} — ${today(quote)}` : quoteLabel(quote, timeZone);
    return { ...destination, label, disabled: false };
  }
  if (card.id === quotes.plan) {
    const current = { ...destination, label: CARD_LABELS.current, disabled: true };
    if (quote.direction === 'same') return current;
    const switchCycle = scheduled
      ? { ...destination, label: CARD_LABELS.scheduled, disabled: true }
      : {
          ...destination,
          label: `Switch to ${cycle} billing${on(quote, timeZone)} — ${today(quote)}`,
          disabled: false,
        };
    return { ...current, switchCycle };
  }
  if (scheduled) return { ...destination, label: CARD_LABELS.scheduled, disabled: true };
  return { ...destination, label: quoteLabel(quote, timeZone), disabled: false };
}
