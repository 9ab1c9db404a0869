import {
  findCurrency,
  type BillingCycle,
  type PlanId,
  type PlanQuote,
  type PlanQuotesResponse,
} from '@fxrates/domain';

/** The quote of one plan and cycle, or undefined when the server priced no such choice. */
export function findQuote(
  quotes: Pick<PlanQuotesResponse, 'quotes'>,
  plan: PlanId,
  cycle: BillingCycle,
): PlanQuote | undefined {
  return quotes.quotes.find((quote) => quote.plan === plan && quote.billingCycle === cycle);
}

/**
 * The end of the time a cancelled subscription has paid for, while some is left: whatever is bought
 * now starts then (PayPal's start_time), at nothing today. Null when nothing is paid ahead.
 */
export function paidTimeLeft(quotes: Pick<PlanQuotesResponse, 'status' | 'paidUntil'>): string | null {
  return quotes.status === 'cancelled' && quotes.paidUntil ? quotes.paidUntil : null;
}

/** "$42.17" for a decimal string in a currency with a symbol of its own, else "42.17 CHF". */
export function formatMoney(amount: string, currency: string): string {
  const symbol = findCurrency(currency)?.symbol;
  return symbol && symbol !== currency ? `${symbol}${amount}` : `${amount} ${currency}`;
}

/** A date in US English with the month `long` or `short`, or "N/A" when there is no (valid) date. */
function formatDate(iso: string | null, month: 'long' | 'short', timeZone?: string): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'N/A';
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month, day: 'numeric', timeZone }).format(date);
}

/** "December 12, 2026", or "N/A". */
export function formatLongDate(iso: string | null, timeZone?: string): string {
  return formatDate(iso, 'long', timeZone);
}

/** "Dec 12, 2026" (a pricing card's button has little room), or "N/A". */
export function formatShortDate(iso: string | null, timeZone?: string): string {
  return formatDate(iso, 'short', timeZone);
}
