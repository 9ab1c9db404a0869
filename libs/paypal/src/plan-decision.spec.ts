import { decidePlan, type StoredPlan } from './plan-decision';

const now = new Date('2026-11-26T12:00:00Z');
const periodEnd = new Date('2027-06-01T00:00:00Z');
const proAnnual: StoredPlan = {
  plan: 'professional',
  cycle: 'annual',
  currentPeriodEnd: periodEnd,
  pending: null,
};

describe('decidePlan', () => {
  it('never grants a higher tier PayPal has not billed: the paid plan stays, any waiting downgrade goes', () => {
    const waiting = {
      ...proAnnual,
      pending: { plan: 'basic' as const, cycle: 'annual' as const, at: periodEnd },
    };
    const enterprise = { plan: 'enterprise', cycle: 'monthly' } as const;
    expect(decidePlan(waiting, enterprise, now)).toEqual({
      plan: 'professional',
      cycle: 'annual',
      pending: null,
    });
    // Still the professional year's payment: not the enterprise price.
    expect(decidePlan(waiting, enterprise, now, { amountMinor: 63588 })).toEqual({
      plan: 'professional',
      cycle: 'annual',
      pending: null,
    });
  });

  it('grants a higher tier once PayPal billed its price', () => {
    expect(
      decidePlan(proAnnual, { plan: 'enterprise', cycle: 'monthly' }, now, { amountMinor: 9999 }),
    ).toEqual({
      plan: 'enterprise',
      cycle: 'monthly',
      pending: null,
    });
  });

  it('moves to another cycle of the same tier only at the end of the paid period', () => {
    const basicMonthly: StoredPlan = {
      plan: 'basic',
      cycle: 'monthly',
      currentPeriodEnd: periodEnd,
      pending: null,
    };
    expect(decidePlan(basicMonthly, { plan: 'basic', cycle: 'annual' }, now)).toEqual({
      plan: 'basic',
      cycle: 'monthly',
      pending: { plan: 'basic', cycle: 'annual', at: periodEnd },
    });
  });

  it('keeps the paid plan until the period end on a downgrade', () => {
    expect(decidePlan(proAnnual, { plan: 'basic', cycle: 'annual' }, now)).toEqual({
      plan: 'professional',
      cycle: 'annual',
      pending: { plan: 'basic', cycle: 'annual', at: periodEnd },
    });
  });

  it('keeps the first period end once waiting, even after PayPal renewed at the cheaper price', () => {
    const waiting = { ...proAnnual, currentPeriodEnd: new Date('2028-06-01T00:00:00Z') };
    waiting.pending = { plan: 'basic', cycle: 'annual', at: periodEnd };
    expect(decidePlan(waiting, { plan: 'basic', cycle: 'annual' }, new Date('2027-06-01T00:00:01Z'))).toEqual(
      {
        plan: 'basic',
        cycle: 'annual',
        pending: null,
      },
    );
  });

  it('applies a downgrade whose period is over, or has no known end', () => {
    const over = { ...proAnnual, currentPeriodEnd: new Date('2026-11-01T00:00:00Z') };
    expect(decidePlan(over, { plan: 'basic', cycle: 'monthly' }, now).pending).toBeNull();
    expect(
      decidePlan({ ...proAnnual, currentPeriodEnd: null }, { plan: 'basic', cycle: 'monthly' }, now),
    ).toEqual({
      plan: 'basic',
      cycle: 'monthly',
      pending: null,
    });
  });

  it('drops the waiting downgrade when PayPal is back on the plan paid for (undo)', () => {
    const waiting = {
      ...proAnnual,
      pending: { plan: 'basic' as const, cycle: 'annual' as const, at: periodEnd },
    };
    expect(decidePlan(waiting, { plan: 'professional', cycle: 'annual' }, now)).toEqual({
      plan: 'professional',
      cycle: 'annual',
      pending: null,
    });
  });

  it('gives the same answer when asked again (a replayed confirmation changes nothing)', () => {
    const first = decidePlan(proAnnual, { plan: 'basic', cycle: 'annual' }, now);
    const stored = { ...proAnnual, plan: first.plan, cycle: first.cycle, pending: first.pending };
    expect(decidePlan(stored, { plan: 'basic', cycle: 'annual' }, now)).toEqual(first);
  });
});
