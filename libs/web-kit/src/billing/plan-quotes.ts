import {
  findCurrency,
  type BillingCycle,
  type PlanId,
  type PlanQuote,
  type PlanQuotesResponse,
} from '@fxrates/domain';
import { formatDate } from '../format/dates';

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

/** "December 12, 2026" (formatDate, in the browser's zone unless `timeZone` says otherwise), or "N/A". */
export function formatLongDate(iso: string | null, timeZone?: string): string {
  return formatDate(iso, timeZone ?? 'local');
}
