import { sparklinePath, trendLabel, trendPercent } from './pair-trend';

const points = [
  { day: '2026-11-02', rate: 0.8 },
  { day: '2026-11-03', rate: 0.9 },
  { day: '2026-11-04', rate: 0.84 },
];

describe('pair trend', () => {
  it('draws the lowest rate at the bottom and the highest at the top, spread over the width', () => {
    expect(sparklinePath(points, 100, 20)).toBe('M0.0,20.0 L50.0,0.0 L100.0,12.0');
    expect(sparklinePath(points.slice(0, 1), 100, 20)).toBe('');
  });

  it('draws a flat series along the bottom rather than dividing by zero', () => {
    expect(sparklinePath([points[0], { ...points[0], day: '2026-11-03' }], 10, 20)).toBe(
      'M0.0,20.0 L10.0,20.0',
    );
  });

  it('says the change from first to last point', () => {
    expect(trendPercent(points)).toBeCloseTo(5, 10);
    expect(trendLabel('USD', 'EUR', points)).toBe('30-day trend USD→EUR: +5.00 %');
    expect(trendLabel('USD', 'EUR', [...points].reverse())).toBe('30-day trend USD→EUR: −4.76 %');
    expect(trendLabel('USD', 'EUR', [])).toBe('30-day trend USD→EUR: not enough history');
  });
});
