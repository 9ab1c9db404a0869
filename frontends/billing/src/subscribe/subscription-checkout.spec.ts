import type { BillingPlansResponse } from '@fxrates/domain';
import { checkoutOf, paypalPlanIdOf, subscriptionOptions, subscriptionRecord } from './subscription-checkout';

describe('subscription checkout', () => {
  it('defaults to basic, monthly, and never checks out free', () => {
    expect(checkoutOf(null)).toEqual({ plan: 'basic', cycle: 'monthly', amount: '15.99' });
    expect(checkoutOf({ plan: 'free', isAnnual: true })).toEqual({
      plan: 'basic',
      cycle: 'annual',
      amount: '167.88',
    });
    expect(checkoutOf({ plan: 'enterprise', isAnnual: true })).toEqual({
      plan: 'enterprise',
      cycle: 'annual',
      amount: '1019.88',
    });
  });

  it('finds the PayPal plan id of the plan and cycle', () => {
    const plans = {
      plans: [{ id: 'basic', paypalPlanIds: { monthly: 'P-M', annual: null } }],
    } as unknown as BillingPlansResponse;
    expect(paypalPlanIdOf(plans, checkoutOf({ plan: 'basic', isAnnual: false }))).toBe('P-M');
    expect(paypalPlanIdOf(plans, checkoutOf({ plan: 'basic', isAnnual: true }))).toBeNull();
  });

  it('creates the subscription for the user without shipping, and records it as the spec sends it', () => {
    expect(subscriptionOptions('P-1', 'u-1', 'https://fx.example')).toEqual({
      plan_id: 'P-1',
      custom_id: 'u-1',
      application_context: {
        shipping_preference: 'NO_SHIPPING',
        return_url: 'https://fx.example/dashboard',
        cancel_url: 'https://fx.example/subscribe',
      },
    });
    expect(subscriptionOptions('P-1', 'u-1', 'https://fx.example', '2026-12-12T10:00:00Z')).toMatchObject({
      plan_id: 'P-1',
      start_time: '2026-12-12T10:00:00Z',
    });
    expect(subscriptionRecord(checkoutOf({ plan: 'basic', isAnnual: true }), 'u-1', 'I-1')).toEqual({
      userId: 'u-1',
      paymentId: 'I-1',
      plan: 'basic',
      billingCycle: 'annual',
      amount: 167.88,
      paypalSubscriptionId: 'I-1',
      status: 'ACTIVE',
    });
  });
});
