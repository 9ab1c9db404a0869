import { cheapestPlanAllowing, PLAN_IDS, planAllowsCurrency } from './plans';
const allowing = (code: string) => PLAN_IDS.filter((plan) => planAllowsCurrency(plan, code));

describe('planAllowsCurrency', () => {
  it('opens metals from Basic up, and Basic is the plan a Free caller is sent to', () => {
    for (const metal of ['XAU', 'XAG', 'XPT', 'xpd']) {
      expect(allowing(metal)).toEqual(['basic', 'professional', 'enterprise']);
      expect(cheapestPlanAllowing((plan) => planAllowsCurrency(plan, metal))).toBe('basic');
    }
  });

  it('keeps tokenised gold where other non-featured crypto is: Professional and up', () => {
    expect(allowing('PAXG')).toEqual(['professional', 'enterprise']);
    expect(allowing('XAUT')).toEqual(['professional', 'enterprise']);
  });

  it('still gives Free only the featured fiat', () => {
    expect(allowing('USD')).toEqual(PLAN_IDS);
    expect(allowing('JPY')).toEqual(['basic', 'professional', 'enterprise']);
    expect(allowing('BTC')).toEqual(['basic', 'professional', 'enterprise']);
  });
});
