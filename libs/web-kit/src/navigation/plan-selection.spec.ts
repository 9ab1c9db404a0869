import { readPlanSelection } from './plan-selection';

describe('readPlanSelection', () => {
  it('reads the plan in lower case and the annual flag', () => {
    expect(readPlanSelection({ plan: 'Professional', isAnnual: true })).toEqual({
      plan: 'professional',
      isAnnual: true,
    });
    expect(readPlanSelection({ plan: 'basic' })).toEqual({ plan: 'basic', isAnnual: false });
    expect(readPlanSelection({ plan: 'free', isAnnual: 'yes' })).toEqual({ plan: 'free', isAnnual: false });
  });

  it('ignores state without a plan we sell', () => {
    expect(readPlanSelection(null)).toBeNull();
    expect(readPlanSelection(undefined)).toBeNull();
    expect(readPlanSelection('basic')).toBeNull();
    expect(readPlanSelection({ isAnnual: true })).toBeNull();
    expect(readPlanSelection({ plan: 'other' })).toBeNull();
    expect(readPlanSelection({ plan: 42 })).toBeNull();
  });
});
