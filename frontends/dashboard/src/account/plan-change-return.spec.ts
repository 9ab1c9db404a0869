import type { SubscriptionView } from '@fxrates/domain';
import { confirmationMessage, isApprovalReturn, planChangeUrls } from './plan-change-return';

const view = {
  plan: 'professional',
  billingCycle: 'annual',
  pendingChange: null,
} as unknown as SubscriptionView;

describe('plan change return', () => {
  it('sends PayPal back to /account, marked when approved', () => {
    expect(planChangeUrls('https://fx.example')).toEqual({
      returnUrl: 'https://fx.example/account?plan-change=approved',
      cancelUrl: 'https://fx.example/account',
    });
    expect(isApprovalReturn('?plan-change=approved&subscription_id=I-1')).toBe(true);
    expect(isApprovalReturn('?subscription_id=I-1')).toBe(false);
  });

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
});
