import {
  ANNUAL_PER_MONTH_DISPLAY_MINOR,
  formatMinorUnits,
  isBillingCycle,
  isPaidPlanId,
  PLAN_PRICES_MINOR,
  planPriceMinor,
} from './prices';

describe('plan prices', () => {
  it("hold the spec's table in cents", () => {
    expect(PLAN_PRICES_MINOR).toEqual({
      basic: { monthly: 1599, annual: 16788 },
      professional: { monthly: 5999, annual: 63588 },
      enterprise: { monthly: 9999, annual: 101988 },
    });
    expect(ANNUAL_PER_MONTH_DISPLAY_MINOR).toEqual({ basic: 1399, professional: 5299, enterprise: 8499 });
  });

  it('price a plan and cycle', () => {
    expect(planPriceMinor('basic', 'annual')).toBe(16788);
    expect(planPriceMinor('enterprise', 'monthly')).toBe(9999);
  });

  it('price an unknown plan at 0 and report it; free is 0 without a report', () => {
    const errors: string[] = [];
    expect(planPriceMinor('platinum', 'monthly', (m) => errors.push(m))).toBe(0);
    expect(planPriceMinor('free', 'annual', (m) => errors.push(m))).toBe(0);
    expect(errors).toEqual(['No price for unknown plan "platinum"']);
  });

  it('format cents in major units', () => {
    expect(formatMinorUnits(16788)).toBe('167.88');
    expect(formatMinorUnits(101988)).toBe('1019.88');
    expect(formatMinorUnits(5)).toBe('0.05');
    expect(formatMinorUnits(0)).toBe('0.00');
    expect(formatMinorUnits(-1599)).toBe('-15.99');
  });

  it('recognise paid plans and cycles', () => {
    expect(['free', 'basic', 'enterprise', 'Basic'].map(isPaidPlanId)).toEqual([false, true, true, false]);
    expect(['monthly', 'annual', 'yearly'].map(isBillingCycle)).toEqual([true, true, false]);
  });
});
