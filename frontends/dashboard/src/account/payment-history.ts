import type { AccountPayment, PaymentReceipt } from '@fxrates/domain';
import { formatLongDate, formatMoney } from '@fxrates/web-kit';
import { planName } from './account-view';

/** The API's calls, below its base URL. */
export const PAYMENTS_API = {
  /** The most a page may hold: one page is the whole history of nearly every account. */
  list: (cursor: string | null) =>
    cursor
      ? `/account/payments?limit=100&cursor=${encodeURIComponent(cursor)}`
      : '/account/payments?limit=100',
  receipt: (id: string) => `/account/payments/${encodeURIComponent(id)}`,
} as const;

/** The printable receipt of a payment: a page of the dashboard, opened in a new tab. */
export const RECEIPT_ROUTE = '/account/receipts/:id';
export const receiptPath = (id: string): string => `/account/receipts/${encodeURIComponent(id)}`;

export const PAYMENT_TEXTS = {
  sectionTitle: 'Payments',
  empty: 'No payments yet',
  loadFailed: 'Your payments could not be loaded. Try again.',
  more: 'Show older payments',
  receipt: 'Receipt',
  receiptTitle: 'Receipt',
  receiptLoadFailed: 'This receipt could not be loaded. Try again.',
  receiptNotFound: 'No payment of yours has this receipt number.',
  print: 'Print',
  paymentMethod: 'PayPal',
  paid: 'Paid',
  refunded: 'Refunded',
} as const;

const KIND_LABELS: Record<AccountPayment['kind'], string> = {
  subscription: 'Subscription renewal',
  upgrade: 'Upgrade (prorated difference)',
};

const CYCLE_LABELS: Record<AccountPayment['billingCycle'], string> = { monthly: 'Monthly', annual: 'Annual' };

/** A payment as a row of the history and the lines of its receipt show it, every field a string. */
export interface PaymentView {
  id: string;
  date: string;
  plan: string;
  kind: string;
  period: string;
  amount: string;
  status: string;
  transactionId: string;
}

export function paymentView(payment: AccountPayment): PaymentView {
  return {
    id: payment.id,
    date: formatLongDate(payment.paidAt, 'UTC'),
    plan: `${planName(payment.plan)} · ${CYCLE_LABELS[payment.billingCycle]}`,
    // A kind added to the API after this build is still a payment.
    kind: KIND_LABELS[payment.kind] ?? 'Payment',
    period: `${formatLongDate(payment.periodStart, 'UTC')} – ${formatLongDate(payment.periodEnd, 'UTC')}`,
    amount: formatMoney(payment.amount, payment.currency),
    status: payment.status === 'refunded' ? PAYMENT_TEXTS.refunded : PAYMENT_TEXTS.paid,
    transactionId: payment.paypalTransactionId,
  };
}

/** "Ada Lovelace", the company on a line of its own when there is one. */
export function billedTo(customer: PaymentReceipt['customer']): string[] {
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  return customer.company ? [name, customer.company, customer.email] : [name, customer.email];
}
