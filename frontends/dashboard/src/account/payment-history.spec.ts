import type { AccountPayment } from '@fxrates/domain';
import { PAYMENTS_API, billedTo, paymentView, receiptPath } from './payment-history';

const PAYMENT: AccountPayment = {
  id: '0b6c1e2d-3a4b-4c5d-8e7f-9a0b1c2d3f9a',
  paidAt: '2026-11-28T23:30:00.000Z',
  kind: 'upgrade',
  status: 'paid',
  plan: 'enterprise',
  billingCycle: 'monthly',
  periodStart: '2026-11-28T23:30:00.000Z',
  periodEnd: '2026-12-12T10:00:00.000Z',
  amount: '42.17',
  currency: 'USD',
  paypalTransactionId: '3C679366HH908993F',
};

describe('the payment history', () => {
  it('shows a payment with its date, plan, period and amount as PayPal captured it', () => {
    expect(paymentView(PAYMENT)).toEqual({
      id: PAYMENT.id,
      date: 'November 28, 2026',
      plan: 'Enterprise · Monthly',
      kind: 'Upgrade (prorated difference)',
      period: 'November 28, 2026 – December 12, 2026',
      amount: '$42.17',
      status: 'Paid',
      transactionId: '3C679366HH908993F',
    });
  });

  it("dates a payment in UTC, whatever the browser's time zone", () => {
    expect(paymentView({ ...PAYMENT, paidAt: '2026-11-30T23:59:59.000Z' }).date).toBe('November 30, 2026');
  });

  it("names a subscription's charge a renewal, and a kind this build does not know a payment", () => {
    expect(paymentView({ ...PAYMENT, kind: 'subscription' }).kind).toBe('Subscription renewal');
    expect(paymentView({ ...PAYMENT, kind: 'credit' as AccountPayment['kind'] }).kind).toBe('Payment');
  });

  it('says a refunded payment is refunded', () => {
    expect(paymentView({ ...PAYMENT, status: 'refunded' }).status).toBe('Refunded');
  });

  it('makes the receipt out to the name, then the company when there is one, then the email', () => {
    const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' };
    expect(billedTo({ ...ada, company: 'Analytical Engines Ltd' })).toEqual([
      'Ada Lovelace',
      'Analytical Engines Ltd',
      'ada@example.test',
    ]);
    expect(billedTo({ ...ada, company: null })).toEqual(['Ada Lovelace', 'ada@example.test']);
  });

  it('pages with the cursor as given, escaped, and links each receipt by id', () => {
    expect(PAYMENTS_API.list(null)).toBe('/account/payments?limit=100');
    expect(PAYMENTS_API.list('a+b/c')).toBe('/account/payments?limit=100&cursor=a%2Bb%2Fc');
    expect(receiptPath(PAYMENT.id)).toBe(`/account/receipts/${PAYMENT.id}`);
  });
});
