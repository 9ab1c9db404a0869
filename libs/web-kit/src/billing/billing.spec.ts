import { paymentReturnUrls, planChangeReturnOf, revisionReturnUrls } from './plan-change-urls';
import { findQuote, formatLongDate, formatMoney, paidTimeLeft } from './plan-quotes';
import {
  forgetUpgradePayment,
  parsePendingUpgradePayment,
  recallUpgradePayment,
  rememberUpgradePayment,
} from './upgrade-payment-storage';

describe('plan change return urls', () => {
  it('sends PayPal back to /account, marked by what was approved', () => {
    expect(revisionReturnUrls('https://fx.example')).toEqual({
      returnUrl: 'https://fx.example/account?plan-change=approved',
      cancelUrl: 'https://fx.example/account',
    });
    expect(paymentReturnUrls('https://fx.example')).toEqual({
      returnUrl: 'https://fx.example/account?plan-change=paid',
      cancelUrl: 'https://fx.example/account?plan-change=payment-cancelled',
    });
    expect(planChangeReturnOf('?plan-change=approved&subscription_id=I-1')).toBe('approved');
    expect(planChangeReturnOf('?plan-change=paid&token=5O1&PayerID=P')).toBe('paid');
    expect(planChangeReturnOf('?plan-change=payment-cancelled&token=5O1')).toBe('payment-cancelled');
    expect(planChangeReturnOf('?plan-change=other')).toBeNull();
    expect(planChangeReturnOf('')).toBeNull();
  });
});

describe('plan quotes', () => {
  it('finds the quote of a plan and cycle', () => {
    const quotes = [
      { plan: 'basic', billingCycle: 'annual' },
      { plan: 'basic', billingCycle: 'monthly' },
    ];
    expect(findQuote({ quotes } as never, 'basic', 'monthly')).toBe(quotes[1]);
    expect(findQuote({ quotes } as never, 'enterprise', 'monthly')).toBeUndefined();
  });

  it('knows paid time left only on a cancelled subscription', () => {
    expect(paidTimeLeft({ status: 'cancelled', paidUntil: '2026-12-12T00:00:00Z' })).toBe(
      '2026-12-12T00:00:00Z',
    );
    expect(paidTimeLeft({ status: 'active', paidUntil: '2026-12-12T00:00:00Z' })).toBeNull();
    expect(paidTimeLeft({ status: 'cancelled', paidUntil: null })).toBeNull();
    expect(paidTimeLeft({ status: 'none', paidUntil: null })).toBeNull();
  });

  it('writes money with its symbol and dates in the long form', () => {
    expect(formatMoney('42.17', 'USD')).toBe('$42.17');
    expect(formatMoney('42.17', 'CHF')).toBe('42.17 CHF');
    expect(formatLongDate('2026-12-12T10:00:00Z', 'UTC')).toBe('December 12, 2026');
    expect(formatLongDate(null)).toBe('N/A');
    expect(formatLongDate('not a date')).toBe('N/A');
  });
});

describe('upgrade payment storage', () => {
  const memory = (): Storage => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as Storage;
  };
  const payment = {
    paymentId: 'pay-1',
    approveUrl: 'https://paypal.example/checkoutnow?token=5O1',
    plan: 'professional',
    billingCycle: 'annual',
  } as const;

  it('keeps the payment from the start of the checkout to the return, then forgets it', () => {
    const storage = memory();
    rememberUpgradePayment(payment, storage);
    expect(recallUpgradePayment(storage)).toEqual(payment);
    forgetUpgradePayment(storage);
    expect(recallUpgradePayment(storage)).toBeNull();
  });

  it('reads nothing from text that is not a payment', () => {
    expect(parsePendingUpgradePayment(null)).toBeNull();
    expect(parsePendingUpgradePayment('{')).toBeNull();
    expect(parsePendingUpgradePayment(JSON.stringify({ ...payment, plan: 'free' }))).toBeNull();
    expect(parsePendingUpgradePayment(JSON.stringify({ ...payment, paymentId: '' }))).toBeNull();
    expect(parsePendingUpgradePayment(JSON.stringify({ ...payment, billingCycle: 'weekly' }))).toBeNull();
  });
});
