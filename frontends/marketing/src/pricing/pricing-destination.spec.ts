import { cardAction, pricingDestination, type Viewer } from './pricing-destination';

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

describe('cardAction', () => {
  const proAnnual: Viewer = { plan: 'professional', billingCycle: 'annual', pendingChange: null };
  const labels = (viewer: Viewer, isAnnual: boolean) =>
    (['free', 'basic', 'professional', 'enterprise', 'rfq'] as const).map((id) => {
      const { label, disabled } = cardAction({ id }, true, isAnnual, viewer);
      return disabled ? `${label} (disabled)` : label;
    });

  it('marks the current plan and labels the others Upgrade or Downgrade', () => {
    expect(labels(proAnnual, true)).toEqual([
      'Downgrade',
      'Downgrade',
      'Current plan (disabled)',
      'Upgrade',
      'Contact Us',
    ]);
    // Monthly Professional is a downgrade from a prepaid year.
    expect(labels(proAnnual, false)).toEqual([
      'Downgrade',
      'Downgrade',
      'Downgrade',
      'Upgrade',
      'Contact Us',
    ]);
    expect(labels({ plan: 'free', billingCycle: 'monthly', pendingChange: null }, true)).toEqual([
      'Current plan (disabled)',
      'Upgrade',
      'Upgrade',
      'Upgrade',
      'Contact Us',
    ]);
  });

  it('sends a downgrade to Free to the account page, and paid changes to /subscribe', () => {
    expect(cardAction({ id: 'free' }, true, false, proAnnual)).toMatchObject({ to: '/account' });
    expect(cardAction({ id: 'basic' }, true, true, proAnnual)).toMatchObject({
      to: '/subscribe',
      state: { plan: 'basic', isAnnual: true },
    });
  });

  it('shows a scheduled downgrade as such, and keeps the spec buttons for visitors or an unknown plan', () => {
    const pending: Viewer = {
      ...proAnnual!,
      pendingChange: { plan: 'basic', billingCycle: 'annual', effectiveAt: '2027-01-01T00:00:00Z' },
    };
    expect(cardAction({ id: 'basic' }, true, true, pending)).toMatchObject({
      label: 'Change scheduled',
      disabled: true,
    });
    expect(cardAction({ id: 'basic' }, false, true, null)).toMatchObject({
      label: 'Choose plan',
      to: '/register',
    });
    expect(cardAction({ id: 'free' }, true, true, null)).toMatchObject({
      label: 'Get Started',
      to: '/dashboard',
    });
  });
});
