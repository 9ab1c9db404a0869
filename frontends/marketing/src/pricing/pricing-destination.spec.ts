import { pricingDestination } from './pricing-destination';

describe('pricingDestination', () => {
  it('sends the quote card to /contact, signed in or not', () => {
    expect(pricingDestination({ id: 'rfq' }, false, true)).toEqual({ to: '/contact' });
    expect(pricingDestination({ id: 'rfq' }, true, false)).toEqual({ to: '/contact' });
  });

  it('sends a signed-in user on Free to /dashboard and paid plans to /subscribe with the plan', () => {
    expect(pricingDestination({ id: 'free' }, true, false)).toEqual({ to: '/dashboard' });
    expect(pricingDestination({ id: 'professional' }, true, true)).toEqual({
      to: '/subscribe',
      state: { plan: 'professional', isAnnual: true },
    });
  });

  it('sends visitors to /register with the plan and cycle', () => {
    expect(pricingDestination({ id: 'basic' }, false, false)).toEqual({
      to: '/register',
      state: { plan: 'basic', isAnnual: false },
    });
    expect(pricingDestination({ id: 'free' }, false, true)).toEqual({
      to: '/register',
      state: { plan: 'free', isAnnual: true },
    });
  });
});
