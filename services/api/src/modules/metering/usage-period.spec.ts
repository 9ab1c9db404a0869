import { usagePeriod } from './usage-period';

describe('usagePeriod', () => {
  it('is the UTC calendar month, resetting at the start of the next one', () => {
    expect(usagePeriod(Date.parse('2026-11-30T23:59:59.999Z'))).toEqual({
      month: '2026-11',
      day: '2026-11-30',
      resetsAt: Date.parse('2026-12-01T00:00:00.000Z'),
    });
    expect(usagePeriod(Date.parse('2026-12-01T00:00:00.000Z'))).toEqual({
      month: '2026-12',
      day: '2026-12-01',
      resetsAt: Date.parse('2027-01-01T00:00:00.000Z'),
    });
  });

  it('answers a day asked for again after another day with that day, not the last one', () => {
    const first = usagePeriod(Date.parse('2026-11-22T10:00:00Z'));
    usagePeriod(Date.parse('2026-11-23T10:00:00Z'));
    expect(usagePeriod(Date.parse('2026-11-22T23:00:00Z'))).toEqual(first);
  });
});
