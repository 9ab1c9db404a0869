import { planChangeDirection, planRank } from './plan-changes';

describe('plan changes', () => {
  it('orders plans by tier, then annual above monthly, free lowest', () => {
    const order = [
      { plan: 'free', cycle: 'monthly' },
      { plan: 'basic', cycle: 'monthly' },
      { plan: 'basic', cycle: 'annual' },
      { plan: 'professional', cycle: 'monthly' },
      { plan: 'professional', cycle: 'annual' },
      { plan: 'enterprise', cycle: 'monthly' },
      { plan: 'enterprise', cycle: 'annual' },
    ] as const;
    const ranks = order.map(planRank);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(new Set(ranks).size).toBe(order.length);
    expect(planRank({ plan: 'free', cycle: 'annual' })).toBe(planRank({ plan: 'free', cycle: 'monthly' }));
  });

  it('calls a cheaper tier or a switch from annual to monthly a downgrade', () => {
    const proAnnual = { plan: 'professional', cycle: 'annual' } as const;
    expect(planChangeDirection(proAnnual, { plan: 'basic', cycle: 'annual' })).toBe('downgrade');
    expect(planChangeDirection(proAnnual, { plan: 'professional', cycle: 'monthly' })).toBe('downgrade');
    expect(planChangeDirection(proAnnual, { plan: 'enterprise', cycle: 'monthly' })).toBe('upgrade');
    expect(planChangeDirection(proAnnual, proAnnual)).toBe('same');
    expect(planChangeDirection({ plan: 'free', cycle: 'monthly' }, { plan: 'basic', cycle: 'monthly' })).toBe(
      'upgrade',
    );
  });
});
