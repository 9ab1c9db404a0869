import type { BillingCycle } from '@fxrates/domain';
import type { PayPalSale } from './paypal-sale';
import type { PayPalSubscription } from './paypal-subscription';

/** `from` plus one billing cycle, in UTC; a day the shorter month lacks becomes its last (31 Jan → 28 Feb). */
export function addBillingCycle(from: Date, cycle: BillingCycle): Date {
  const months = cycle === 'annual' ? 12 : 1;
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/**
 * The billing period a subscription's charge (a PayPal sale) pays for. It starts when PayPal took
 * the money (the sale's create_time). It ends at PayPal's next_billing_time when this sale is the
 * subscription's last payment (billing_info.last_payment.time is the sale's time): PayPal's own
 * schedule, which a late charge (a retried failed payment) does not move. For an older sale, PayPal
 * no longer says, so it ends one billing cycle after it started.
 */
export function salePeriod(
  sale: Pick<PayPalSale, 'create_time'>,
  cycle: BillingCycle,
  subscription: Pick<PayPalSubscription, 'billing_info'> | null,
): { start: Date; end: Date } | null {
  const start = sale.create_time ? new Date(sale.create_time) : null;
  if (!start || Number.isNaN(start.getTime())) return null;
  const lastPayment = subscription?.billing_info?.last_payment?.time;
  const next = subscription?.billing_info?.next_billing_time;
  const nextTime = next ? new Date(next) : null;
  const isLast = lastPayment !== undefined && new Date(lastPayment).getTime() === start.getTime();
  if (isLast && nextTime && nextTime.getTime() > start.getTime()) return { start, end: nextTime };
  return { start, end: addBillingCycle(start, cycle) };
}
