import type { PlanQuote } from '@fxrates/domain';
import {
  deferredStartText,
  planChangeButtonLabel,
  planChangeSummary,
  quoteRows,
  subscribedState,
} from './plan-quote-texts';

const END = '2026-12-12T10:00:00Z';
const upgrade: PlanQuote = {
  plan: 'professional',
  billingCycle: 'annual',
  direction: 'upgrade',
  timing: 'now',
  chargeToday: '42.17',
  currency: 'USD',
  effectiveAt: '2026-11-28T10:00:00Z',
  recurringAmount: '635.88',
  recurringFrom: END,
};
const downgrade: PlanQuote = {
  ...upgrade,
  plan: 'basic',
  direction: 'downgrade',
  timing: 'period-end',
  chargeToday: '0.00',
  effectiveAt: END,
  recurringAmount: '167.88',
};
const basicAnnual = { plan: 'basic', billingCycle: 'annual' } as const;
const proAnnual = { plan: 'professional', billingCycle: 'annual' } as const;

describe('plan change texts', () => {
  it('says an upgrade applies once its payment is received, and what PayPal bills from when', () => {
    expect(planChangeSummary(basicAnnual, upgrade, 'UTC')).toBe(
      'You are on Basic (Annual). Upgrading to Professional (Annual) applies as soon as your payment of $42.17 for the rest of your paid period is received; then PayPal bills $635.88 a year from December 12, 2026.',
    );
    expect(quoteRows(upgrade, 'UTC')).toEqual([
      { key: 'today', label: 'Due today', value: '$42.17' },
      { key: 'applies', label: 'Plan applies', value: 'Now, once your payment is received' },
      { key: 'recurring', label: 'Then PayPal bills', value: '$635.88 a year from December 12, 2026' },
    ]);
    expect(planChangeButtonLabel(upgrade)).toBe('Pay $42.17 with PayPal');
  });

  it('says any other change applies at the end of the paid period, at no charge today', () => {
    expect(planChangeSummary(proAnnual, downgrade, 'UTC')).toBe(
      'You are on Professional (Annual). Downgrading to Basic (Annual) takes effect on December 12, 2026, the end of the period you already paid for; until then you keep Professional.',
    );
    expect(quoteRows({ ...downgrade, billingCycle: 'monthly', recurringAmount: '15.99' }, 'UTC')).toEqual([
      { key: 'today', label: 'Due today', value: '$0.00' },
      { key: 'applies', label: 'Plan applies', value: 'December 12, 2026' },
      { key: 'recurring', label: 'Then PayPal bills', value: '$15.99 a month from December 12, 2026' },
    ]);
    expect(planChangeButtonLabel(downgrade)).toBe('Continue to PayPal');
    expect(planChangeSummary(basicAnnual, { ...downgrade, direction: 'same', timing: null })).toBe(
      'Basic (Annual) is your current plan.',
    );
  });

  it('says a subscription bought with paid time left starts when it ends, nothing today', () => {
    const enterprise = {
      ...downgrade,
      plan: 'enterprise',
      billingCycle: 'monthly',
      recurringAmount: '99.99',
    } as const;
    expect(deferredStartText('basic', END, { ...enterprise, direction: 'upgrade' }, 'UTC')).toBe(
      'You have paid for Basic until December 12, 2026. Enterprise starts then: your first payment of $99.99 is on December 12, 2026, nothing today.',
    );
    expect(deferredStartText('basic', END, { ...downgrade, direction: 'same' }, 'UTC')).toBe(
      'Resumes on December 12, 2026; nothing to pay today. You have paid for Basic until then; your next payment of $167.88 is on December 12, 2026.',
    );
  });

  it('tells the dashboard when a subscription starts later', () => {
    expect(subscribedState('basic', null)).toEqual({ subscriptionSuccess: true, plan: 'basic' });
    expect(subscribedState('basic', END)).toEqual({
      subscriptionSuccess: true,
      plan: 'basic',
      startsAt: END,
    });
  });
});
