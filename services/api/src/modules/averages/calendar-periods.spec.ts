import { MAX_PERIODS, periodCount, periodIndexOf, periodsBetween } from './calendar-periods';

describe('calendar periods of a range', () => {
  it('gives each month of a quarter, whole', () => {
    expect(periodsBetween('month', '2026-01-01', '2026-03-31')).toEqual([
      { label: '2026-01', from: '2026-01-01', to: '2026-01-31', partial: false },
      { label: '2026-02', from: '2026-02-01', to: '2026-02-28', partial: false },
      { label: '2026-03', from: '2026-03-01', to: '2026-03-31', partial: false },
    ]);
  });

  it('ends February on the 29th in a leap year, and on the 28th in a century that is not one', () => {
    expect(periodsBetween('month', '2024-02-01', '2024-02-29')).toEqual([
      { label: '2024-02', from: '2024-02-01', to: '2024-02-29', partial: false },
    ]);
    expect(periodsBetween('month', '2000-02-10', '2000-03-01').map(({ to }) => to)).toEqual([
      '2000-02-29',
      '2000-03-01',
    ]);
    expect(periodsBetween('month', '2100-02-01', '2100-02-28')[0].partial).toBe(false);
  });

  it('clips the first and last period to the range and says so', () => {
    expect(periodsBetween('month', '2024-01-15', '2024-03-10')).toEqual([
      { label: '2024-01', from: '2024-01-15', to: '2024-01-31', partial: true },
      { label: '2024-02', from: '2024-02-01', to: '2024-02-29', partial: false },
      { label: '2024-03', from: '2024-03-01', to: '2024-03-10', partial: true },
    ]);
    expect(periodsBetween('year', '2024-07-04', '2024-07-04')).toEqual([
      { label: '2024', from: '2024-07-04', to: '2024-07-04', partial: true },
    ]);
  });

  it('starts quarters in January, April, July and October, across a year end', () => {
    expect(periodsBetween('quarter', '2023-11-30', '2024-07-01')).toEqual([
      { label: '2023-Q4', from: '2023-11-30', to: '2023-12-31', partial: true },
      { label: '2024-Q1', from: '2024-01-01', to: '2024-03-31', partial: false },
      { label: '2024-Q2', from: '2024-04-01', to: '2024-06-30', partial: false },
      { label: '2024-Q3', from: '2024-07-01', to: '2024-07-01', partial: true },
    ]);
  });

  it('gives calendar years, 366 days in a leap year', () => {
    const years = periodsBetween('year', '2023-01-01', '2024-12-31');
    expect(years).toEqual([
      { label: '2023', from: '2023-01-01', to: '2023-12-31', partial: false },
      { label: '2024', from: '2024-01-01', to: '2024-12-31', partial: false },
    ]);
  });

  it('keeps years before 100 as written (no 19xx)', () => {
    expect(periodsBetween('month', '0050-12-31', '0051-01-01').map(({ label }) => label)).toEqual([
      '0050-12',
      '0051-01',
    ]);
  });

  it('counts the periods a range touches without listing them', () => {
    expect(periodCount('month', '2024-01-31', '2024-02-01')).toBe(2);
    expect(periodCount('quarter', '2024-03-31', '2024-04-01')).toBe(2);
    expect(periodCount('year', '2015-12-31', '2024-01-01')).toBe(10);
    expect(periodCount('month', '2024-01-01', '2025-12-31')).toBe(MAX_PERIODS.month);
    for (const kind of ['month', 'quarter', 'year'] as const) {
      expect(periodCount(kind, '2019-05-17', '2026-02-03')).toBe(
        periodsBetween(kind, '2019-05-17', '2026-02-03').length,
      );
    }
  });

  it('finds the period of a day', () => {
    const months = periodsBetween('month', '2024-01-15', '2024-03-10');
    expect(
      ['2024-01-15', '2024-01-31', '2024-02-01', '2024-02-29', '2024-03-10'].map((day) =>
        periodIndexOf(months, day),
      ),
    ).toEqual([0, 0, 1, 1, 2]);
  });
});
