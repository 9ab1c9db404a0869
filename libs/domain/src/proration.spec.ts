import fc from 'fast-check';
import { planChangeTiming, type PlanChoice } from './plan-changes';
import { BILLING_CYCLES, PAID_PLAN_IDS } from './prices';
import { divideHalfEven, paidPeriodOf, prorationCharge } from './proration';

const DAY = 24 * 3600 * 1000;
const start = new Date('2026-11-01T00:00:00Z');
const month = { start, end: new Date(start.getTime() + 30 * DAY) };
const year = { start, end: new Date(start.getTime() + 365 * DAY) };
const at = (period: { start: Date; end: Date }, fractionLeft: number) =>
  new Date(period.end.getTime() - fractionLeft * (period.end.getTime() - period.start.getTime()));

const choice = (plan: PlanChoice['plan'], cycle: PlanChoice['cycle']): PlanChoice => ({ plan, cycle });
const ALL = PAID_PLAN_IDS.flatMap((plan) => BILLING_CYCLES.map((cycle) => choice(plan, cycle)));

describe('divideHalfEven', () => {
  it.each([
    [5n, 2n, 2n],
    [7n, 2n, 4n],
    [6n, 4n, 2n],
    [-5n, 2n, -2n],
    [-7n, 2n, -4n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
    [0n, 9n, 0n],
  ])('%d / %d = %d', (n, d, expected) => expect(divideHalfEven(n, d)).toBe(expected));
});

describe('prorationCharge', () => {
  it('charges the remaining fraction of the price difference on the same cycle', () => {
    const basic = choice('basic', 'monthly');
    const enterprise = choice('enterprise', 'monthly');
    expect(prorationCharge(basic, enterprise, month, at(month, 0.5))).toEqual({
      chargeMinor: 4200, // ½ × (99.99 − 15.99)
    });
    const annual = prorationCharge(
      choice('basic', 'annual'),
      choice('enterprise', 'annual'),
      year,
      at(year, 0.25),
    );
    expect(annual.chargeMinor).toBe(21300); // ¼ × (1019.88 − 167.88)
  });

  it('compares plans of different cycles at the rate of the period being paid', () => {
    // A whole month left of Basic monthly, then Professional billed annually: a twelfth of 635.88 − 15.99.
    expect(
      prorationCharge(choice('basic', 'monthly'), choice('professional', 'annual'), month, start).chargeMinor,
    ).toBe(3700);
    // A quarter of a paid Professional year, then Enterprise monthly: 3 months × (99.99 − 52.99).
    expect(
      prorationCharge(choice('professional', 'annual'), choice('enterprise', 'monthly'), year, at(year, 0.25))
        .chargeMinor,
    ).toBe(14100);
  });

  it('rounds the exact fraction once, half to even, to the cent', () => {
    // 1/3 of 84.00 = 28.00 exactly; 1/7 of 84.00 = 12.00; 1/9 of 84.00 = 9.333… → 9.33.
    const basic = choice('basic', 'monthly');
    const enterprise = choice('enterprise', 'monthly');
    const nine = { start, end: new Date(start.getTime() + 9 * DAY) };
    expect(prorationCharge(basic, enterprise, nine, at(nine, 1 / 9)).chargeMinor).toBe(933);
    // 1/16 of 8 400 cents = 525 exactly; 1/32 = 262.5 → 262 (even), 3/32 = 787.5 → 788 (even).
    const thirtyTwo = { start, end: new Date(start.getTime() + 32 * DAY) };
    expect(prorationCharge(basic, enterprise, thirtyTwo, at(thirtyTwo, 1 / 32)).chargeMinor).toBe(262);
    expect(prorationCharge(basic, enterprise, thirtyTwo, at(thirtyTwo, 3 / 32)).chargeMinor).toBe(788);
  });

  it('charges nothing once the period is over, and never more than the whole period', () => {
    const basic = choice('basic', 'monthly');
    const enterprise = choice('enterprise', 'monthly');
    expect(prorationCharge(basic, enterprise, month, month.end).chargeMinor).toBe(0);
    expect(prorationCharge(basic, enterprise, month, new Date(month.end.getTime() + DAY)).chargeMinor).toBe(
      0,
    );
    expect(prorationCharge(basic, enterprise, month, new Date(start.getTime() - DAY)).chargeMinor).toBe(8400);
  });

  it('charges something for every change to a higher tier, and nothing back for a cheaper rate', () => {
    for (const from of ALL) {
      for (const to of ALL) {
        for (const period of [month, year]) {
          const { chargeMinor } = prorationCharge(from, to, period, at(period, 0.5));
          if (planChangeTiming(from, to) === 'now') expect(chargeMinor).toBeGreaterThan(0);
          expect(chargeMinor).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('grows with the time left and is additive over a chain of upgrades (within a cent each)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * DAY }), fc.integer({ min: 0, max: 30 * DAY }), (a, b) => {
        const [earlier, later] = [Math.min(a, b), Math.max(a, b)];
        const basic = choice('basic', 'monthly');
        const pro = choice('professional', 'monthly');
        const enterprise = choice('enterprise', 'monthly');
        const now = new Date(start.getTime() + earlier);
        const direct = prorationCharge(basic, enterprise, month, now).chargeMinor;
        const chained =
          prorationCharge(basic, pro, month, now).chargeMinor +
          prorationCharge(pro, enterprise, month, now).chargeMinor;
        expect(Math.abs(direct - chained)).toBeLessThanOrEqual(1);
        const afterwards = prorationCharge(basic, enterprise, month, new Date(start.getTime() + later));
        expect(afterwards.chargeMinor).toBeLessThanOrEqual(direct);
      }),
    );
  });
});

describe('paidPeriodOf', () => {
  it('runs from the last payment to the next billing time', () => {
    const end = new Date('2026-12-15T10:00:00Z');
    const paid = new Date('2026-11-15T10:00:02Z');
    expect(paidPeriodOf('monthly', end, paid)).toEqual({ start: paid, end });
  });

  it('never starts a period earlier than one cycle before its end (a failed renewal PayPal retries)', () => {
    const end = new Date('2026-12-15T00:00:00Z');
    const stale = new Date('2026-10-15T00:00:00Z');
    expect(paidPeriodOf('monthly', end, stale).start.toISOString()).toBe('2026-11-15T00:00:00.000Z');
    // A monthly period paid after a cross-cycle upgrade held as annual stays the month it is.
    const paid = new Date('2026-11-15T00:00:00Z');
    expect(paidPeriodOf('annual', end, paid).start).toEqual(paid);
  });

  it('counts one cycle back from the next billing time when PayPal reports no payment', () => {
    const end = new Date('2027-03-31T00:00:00Z');
    expect(paidPeriodOf('annual', end, null).start.toISOString()).toBe('2026-03-31T00:00:00.000Z');
    const leapDay = new Date('2028-02-29T12:00:00Z');
    expect(paidPeriodOf('annual', leapDay, null).start.toISOString()).toBe('2027-02-28T12:00:00.000Z');
    const january = new Date('2027-01-15T00:00:00Z');
    expect(paidPeriodOf('monthly', january, null).start.toISOString()).toBe('2026-12-15T00:00:00.000Z');
    expect(paidPeriodOf('monthly', end, null).start.toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(paidPeriodOf('monthly', end, new Date('2027-04-01T00:00:00Z')).start.toISOString()).toBe(
      '2027-02-28T00:00:00.000Z',
    );
  });
});

describe('planChangeTiming', () => {
  it('applies a higher tier now and everything else at the end of the paid period', () => {
    expect(planChangeTiming(choice('basic', 'annual'), choice('professional', 'monthly'))).toBe('now');
    expect(planChangeTiming(choice('basic', 'monthly'), choice('basic', 'annual'))).toBe('period-end');
    expect(planChangeTiming(choice('professional', 'annual'), choice('professional', 'monthly'))).toBe(
      'period-end',
    );
    expect(planChangeTiming(choice('enterprise', 'monthly'), choice('basic', 'monthly'))).toBe('period-end');
    expect(planChangeTiming(choice('basic', 'monthly'), choice('basic', 'monthly'))).toBeNull();
  });
});
