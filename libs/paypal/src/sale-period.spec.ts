import { addBillingCycle, salePeriod } from './sale-period';

describe('addBillingCycle', () => {
  it('adds a calendar month or year in UTC', () => {
    expect(addBillingCycle(new Date('2026-03-15T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-04-15T10:00:00.000Z',
    );
    expect(addBillingCycle(new Date('2026-03-15T10:00:00Z'), 'annual').toISOString()).toBe(
      '2027-03-15T10:00:00.000Z',
    );
  });

  it('ends a period that starts on a day the next month lacks on that month’s last day', () => {
    expect(addBillingCycle(new Date('2026-01-31T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(addBillingCycle(new Date('2028-02-29T00:00:00Z'), 'annual').toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
  });
});

describe('salePeriod', () => {
  const sale = { create_time: '2026-05-02T08:00:00Z' };

  it("ends at PayPal's next billing time when the sale is the subscription's last payment", () => {
    const subscription = {
      billing_info: {
        last_payment: { time: '2026-05-02T08:00:00.000Z' },
        next_billing_time: '2026-06-01T10:00:00Z',
      },
    };
    expect(salePeriod(sale, 'monthly', subscription)).toEqual({
      start: new Date('2026-05-02T08:00:00Z'),
      end: new Date('2026-06-01T10:00:00Z'),
    });
  });

  it('ends one cycle after an older sale, which PayPal no longer schedules from', () => {
    const subscription = {
      billing_info: {
        last_payment: { time: '2026-06-02T08:00:00Z' },
        next_billing_time: '2026-07-02T08:00:00Z',
      },
    };
    expect(salePeriod(sale, 'annual', subscription)?.end).toEqual(new Date('2027-05-02T08:00:00Z'));
    expect(salePeriod(sale, 'monthly', null)?.end).toEqual(new Date('2026-06-02T08:00:00Z'));
  });

  it('has no period without a time the sale was taken', () => {
    expect(salePeriod({}, 'monthly', null)).toBeNull();
    expect(salePeriod({ create_time: 'yesterday' }, 'monthly', null)).toBeNull();
  });
});
