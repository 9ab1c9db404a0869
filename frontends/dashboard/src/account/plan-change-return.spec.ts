import type { SubscriptionView } from '@fxrates/domain';
import {
  confirmationMessage,
  paymentCapturedMessage,
  paymentRecovery,
  quoteAgainState,
} from './plan-change-return';

const view = {
  plan: 'professional',
  billingCycle: 'annual',
  pendingChange: null,
} as unknown as SubscriptionView;

describe('plan change return', () => {
  it('says what the confirmed change did', () => {
    expect(confirmationMessage(view)).toBe('You are on Professional (Annual).');
    const pending = {
      ...view,
      pendingChange: { plan: 'basic', billingCycle: 'annual', effectiveAt: '2027-01-05T00:00:00Z' },
    } as SubscriptionView;
    expect(confirmationMessage(pending, 'UTC')).toBe(
      'Your change to Basic (Annual) is scheduled for January 5, 2027.',
    );
  });

  it('says a captured payment applied the plan and what comes next', () => {
    expect(paymentCapturedMessage(view)).toBe(
      'Payment received: you are on Professional (Annual) now. Taking you to PayPal to approve your new recurring price…',
    );
  });

  it('offers PayPal again for a declined card, a new quote for an expired one, and a retry when PayPal was down', () => {
    expect(paymentRecovery('payment-declined', 402)).toBe('checkout-again');
    expect(paymentRecovery('quote-expired', 409)).toBe('quote-again');
    expect(paymentRecovery('payment-provider-unavailable', 503)).toBe('capture-again');
    expect(paymentRecovery('timeout', 0)).toBe('capture-again');
    expect(paymentRecovery('internal-error', 500)).toBe('capture-again');
    for (const code of [
      'payment-not-approved',
      'payment-already-captured',
      'payment-not-found',
      'payment-mismatch',
    ]) {
      expect([code, paymentRecovery(code, 409)]).toEqual([code, 'none']);
    }
    expect(paymentRecovery('validation-failed', 400)).toBe('none');
  });

  it('takes an expired quote back to the subscribe page with the same plan and cycle', () => {
    expect(quoteAgainState('enterprise', 'annual')).toEqual({ plan: 'enterprise', isAnnual: true });
    expect(quoteAgainState('basic', 'monthly')).toEqual({ plan: 'basic', isAnnual: false });
  });
});
