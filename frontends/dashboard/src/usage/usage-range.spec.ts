import { MAX_USAGE_BREAKDOWN_DAYS } from '@fxrates/domain';
import { addDays, daysOf, presetOf, presetRange, RANGE_TEXTS, rangeProblem, todayUtc } from './usage-range';

describe('the usage period', () => {
  it('takes today in UTC, whatever the clock of the browser says locally', () => {
    expect(todayUtc(new Date('2026-11-30T23:30:00-05:00'))).toBe('2026-12-01');
  });

  it('covers the last seven days with today, this month so far, and the whole of last month', () => {
    expect(presetRange('last-7-days', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(presetRange('this-month', '2026-03-03')).toEqual({ from: '2026-03-01', to: '2026-03-03' });
    expect(presetRange('last-month', '2026-03-03')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last-month', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('last-month', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('recognises a preset from its days, and a period of the user’s own as none', () => {
    expect(presetOf({ from: '2026-03-01', to: '2026-03-03' }, '2026-03-03')).toBe('this-month');
    expect(presetOf({ from: '2026-02-01', to: '2026-02-28' }, '2026-03-03')).toBe('last-month');
    expect(presetOf({ from: '2026-02-02', to: '2026-02-28' }, '2026-03-03')).toBeNull();
    // On the 7th, this month and the last 7 days are the same days: the first preset listed wins.
    expect(presetOf({ from: '2026-03-01', to: '2026-03-07' }, '2026-03-07')).toBe('last-7-days');
  });

  it('lists every day of a period across a month’s end, both ends included', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysOf({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['2026-03-02']);
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('refuses, in words, a period the API would refuse', () => {
    const today = '2026-06-15';
    expect(rangeProblem({ from: '2026-06-01', to: '2026-06-15' }, today)).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-06-15' }, today)).toBe(RANGE_TEXTS.invalidDay);
    expect(rangeProblem({ from: '2026-02-30', to: '2026-06-15' }, today)).toBe(RANGE_TEXTS.invalidDay);
    expect(rangeProblem({ from: '2026-06-10', to: '2026-06-09' }, today)).toBe(RANGE_TEXTS.fromAfterTo);
    expect(rangeProblem({ from: '2026-06-10', to: '2026-06-16' }, today)).toBe(RANGE_TEXTS.inTheFuture);
    const longest = { from: addDays(today, 1 - MAX_USAGE_BREAKDOWN_DAYS), to: today };
    expect(rangeProblem(longest, today)).toBeNull();
    expect(rangeProblem({ ...longest, from: addDays(longest.from, -1) }, today)).toBe(RANGE_TEXTS.tooLong);
  });
});
