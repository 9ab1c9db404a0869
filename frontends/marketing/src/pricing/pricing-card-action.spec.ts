import type { BillingCycle, PaidPlanId, PlanQuote, PlanQuotesResponse } from '@fxrates/domain';
import { pricingCardAction, quoteLabel } from './pricing-card-action';

const END = '2026-12-12T10:00:00Z';
const CARDS = ['free', 'basic', 'professional', 'enterprise', 'rfq'] as const;

function quote(plan: PaidPlanId, billingCycle: BillingCycle, fields: Partial<PlanQuote>): PlanQuote {
  return {
    plan,
    billingCycle,
    direction: 'upgrade',
    timing: 'now',
    chargeToday: '0.00',
    currency: 'USD',
    effectiveAt: null,
    recurringAmount: '0.00',
    recurringFrom: END,
    ...fields,
  };
}

/** Basic annual, active, paid until END: Professional and Enterprise are upgrades now. */
const basicAnnual: PlanQuotesResponse = {
  plan: 'basic',
  billingCycle: 'annual',
  status: 'active',
  paidUntil: END,
  quotes: [
    quote('basic', 'monthly', { direction: 'downgrade', timing: 'period-end', effectiveAt: END }),
    quote('basic', 'annual', { direction: 'same', timing: null }),
    quote('professional', 'monthly', { chargeToday: '31.72' }),
    quote('professional', 'annual', { chargeToday: '42.17' }),
    quote('enterprise', 'monthly', { chargeToday: '60.10' }),
    quote('enterprise', 'annual', { chargeToday: '80.55' }),
  ],
};

const labels = (quotes: PlanQuotesResponse, isAnnual: boolean, pending = null as never) =>
  CARDS.map((id) => {
    const { label, disabled, switchCycle } = pricingCardAction(quotes, { id }, isAnnual, pending, 'UTC');
    const main = disabled ? `${label} (disabled)` : label;
    return switchCycle ? `${main} + ${switchCycle.label}${switchCycle.disabled ? ' (disabled)' : ''}` : main;
  });

describe('pricingCardAction', () => {
  it('marks the current plan on both cycles and prices every other card for today', () => {
    expect(labels(basicAnnual, true)).toEqual([
      'Downgrade on December 12, 2026 — $0.00 today',
      'Current plan (disabled)',
      'Upgrade — $42.17 today',
      'Upgrade — $80.55 today',
      'Contact Us',
    ]);
    expect(labels(basicAnnual, false)).toEqual([
      'Downgrade on December 12, 2026 — $0.00 today',
      'Current plan (disabled) + Switch to monthly billing on December 12, 2026 — $0.00 today',
      'Upgrade — $31.72 today',
      'Upgrade — $60.10 today',
      'Contact Us',
    ]);
  });

  it('sends a change to /subscribe with the plan and cycle, and Free to the account page', () => {
    expect(pricingCardAction(basicAnnual, { id: 'professional' }, true, null)).toMatchObject({
      to: '/subscribe',
      state: { plan: 'professional', isAnnual: true },
    });
    expect(pricingCardAction(basicAnnual, { id: 'basic' }, false, null).switchCycle).toMatchObject({
      to: '/subscribe',
      state: { plan: 'basic', isAnnual: false },
    });
    expect(pricingCardAction(basicAnnual, { id: 'free' }, false, null)).toMatchObject({ to: '/account' });
    expect(pricingCardAction(basicAnnual, { id: 'rfq' }, false, null)).toMatchObject({ to: '/contact' });
  });

  it('shows a scheduled downgrade as such, also as the switch of cycle', () => {
    const pending = { plan: 'basic', billingCycle: 'monthly', effectiveAt: END } as const;
    expect(pricingCardAction(basicAnnual, { id: 'basic' }, false, pending, 'UTC').switchCycle).toMatchObject({
      label: 'Change scheduled',
      disabled: true,
    });
    const proPending = { plan: 'professional', billingCycle: 'monthly', effectiveAt: END } as const;
    expect(pricingCardAction(basicAnnual, { id: 'professional' }, false, proPending)).toMatchObject({
      label: 'Change scheduled',
      disabled: true,
    });
  });

  it('offers Resume on the held plan of a cancelled subscription with paid time left, and nothing today', () => {
    const cancelled: PlanQuotesResponse = {
      ...basicAnnual,
      status: 'cancelled',
      quotes: basicAnnual.quotes.map((each) => ({
        ...each,
        direction: each.plan === 'basic' && each.billingCycle === 'annual' ? 'same' : each.direction,
        timing: 'period-end',
        chargeToday: '0.00',
        effectiveAt: END,
      })),
    };
    expect(labels(cancelled, true)).toEqual([
      'Change scheduled (disabled)',
      'Resume — $0.00 today',
      'Upgrade on December 12, 2026 — $0.00 today',
      'Upgrade on December 12, 2026 — $0.00 today',
      'Contact Us',
    ]);
    expect(labels(cancelled, false)[1]).toBe('Downgrade on December 12, 2026 — $0.00 today');
    expect(pricingCardAction(cancelled, { id: 'basic' }, true, null)).toMatchObject({
      to: '/subscribe',
      state: { plan: 'basic', isAnnual: true },
    });
  });

  it('offers a plan the server did not price without an amount', () => {
    const none = { ...basicAnnual, quotes: [] };
    expect(pricingCardAction(none, { id: 'enterprise' }, true, null)).toMatchObject({
      label: 'Choose plan',
      to: '/subscribe',
    });
  });
});

describe('quoteLabel', () => {
  it('says the direction, from when when later, and what is paid today', () => {
    expect(quoteLabel(quote('enterprise', 'annual', { chargeToday: '42.17' }))).toBe(
      'Upgrade — $42.17 today',
    );
    expect(
      quoteLabel(
        quote('basic', 'monthly', {
          direction: 'downgrade',
          timing: 'period-end',
          effectiveAt: '2026-12-12T00:00:00Z',
        }),
        'UTC',
      ),
    ).toBe('Downgrade on December 12, 2026 — $0.00 today');
  });
});
