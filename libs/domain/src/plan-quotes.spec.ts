import { planQuotes, type HeldSubscription } from './plan-quotes';

const now = new Date('2026-11-28T12:00:00Z');
const DAY = 24 * 3600 * 1000;
const quoteOf = (response: ReturnType<typeof planQuotes>, plan: string, cycle: string) =>
  response.quotes.find((quote) => quote.plan === plan && quote.billingCycle === cycle)!;

describe('planQuotes', () => {
  it('prices every plan at its full price today for a user paying nothing', () => {
    const quotes = planQuotes(null, 'free', now);
    expect(quotes).toMatchObject({ plan: 'free', status: 'none', paidUntil: null });
    expect(quotes.quotes).toHaveLength(6);
    expect(quoteOf(quotes, 'professional', 'annual')).toEqual({
      plan: 'professional',
      billingCycle: 'annual',
      direction: 'upgrade',
      timing: 'now',
      chargeToday: '635.88',
      currency: 'USD',
      effectiveAt: now.toISOString(),
      recurringAmount: '635.88',
      recurringFrom: null,
    });
  });

  it('prices a higher tier by its prorated difference and everything else at the period end', () => {
    const periodEnd = new Date(now.getTime() + 15 * DAY);
    const held: HeldSubscription = {
      plan: 'basic',
      cycle: 'monthly',
      status: 'active',
      periodEnd,
      lastPaymentAt: new Date(periodEnd.getTime() - 30 * DAY),
    };
    const quotes = planQuotes(held, 'basic', now);
    expect(quotes).toMatchObject({
      plan: 'basic',
      billingCycle: 'monthly',
      status: 'active',
      paidUntil: periodEnd.toISOString(),
    });
    // Half the month left: ½ × (99.99 − 15.99).
    expect(quoteOf(quotes, 'enterprise', 'monthly')).toMatchObject({
      direction: 'upgrade',
      timing: 'now',
      chargeToday: '42.00',
      recurringFrom: periodEnd.toISOString(),
    });
    expect(quoteOf(quotes, 'basic', 'monthly')).toMatchObject({
      direction: 'same',
      timing: null,
      chargeToday: '0.00',
      effectiveAt: null,
    });
    expect(quoteOf(quotes, 'basic', 'annual')).toMatchObject({
      timing: 'period-end',
      chargeToday: '0.00',
      effectiveAt: periodEnd.toISOString(),
      recurringAmount: '167.88',
    });
  });

  it('starts every plan when the paid time of a cancelled subscription ends, and nothing once it is over', () => {
    const periodEnd = new Date(now.getTime() + 200 * DAY);
    const held: HeldSubscription = {
      plan: 'basic',
      cycle: 'annual',
      status: 'cancelled',
      periodEnd,
      lastPaymentAt: null,
    };
    const quotes = planQuotes(held, 'basic', now);
    expect(quotes.status).toBe('cancelled');
    for (const quote of quotes.quotes) {
      expect(quote).toMatchObject({
        timing: 'period-end',
        chargeToday: '0.00',
        effectiveAt: periodEnd.toISOString(),
      });
    }
    expect(quoteOf(quotes, 'basic', 'annual').direction).toBe('same');
    const over = planQuotes({ ...held, periodEnd: new Date(now.getTime() - DAY) }, 'free', now);
    expect(over).toMatchObject({ plan: 'free', status: 'none', paidUntil: null });
    expect(quoteOf(over, 'basic', 'annual')).toMatchObject({ timing: 'now', chargeToday: '167.88' });
  });
});
