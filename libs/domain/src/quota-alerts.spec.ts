import { percentUsed, quotaAlertLevel, thresholdsReached } from './quota-alerts';

describe('quota alert thresholds', () => {
  it('are reached at exactly 75, 90 and 100 % of the quota, not one call before', () => {
    expect(thresholdsReached(749, 1000)).toEqual([]);
    expect(thresholdsReached(750, 1000)).toEqual([75]);
    expect(thresholdsReached(899, 1000)).toEqual([75]);
    expect(thresholdsReached(900, 1000)).toEqual([75, 90]);
    expect(thresholdsReached(999, 1000)).toEqual([75, 90]);
    expect(thresholdsReached(1000, 1000)).toEqual([75, 90, 100]);
  });

  it('round in no one’s favour on quotas that do not divide by 100', () => {
    // 75 % of 10,001 is 7,500.75: 7,500 calls have not passed it, 7,501 have.
    expect(quotaAlertLevel(7_500, 10_001)).toBeNull();
    expect(quotaAlertLevel(7_501, 10_001)).toBe(75);
    expect(quotaAlertLevel(3, 3)).toBe(100);
    expect(quotaAlertLevel(2, 3)).toBeNull(); // 66 %
  });

  it('gives the highest threshold reached, several at once included', () => {
    expect(quotaAlertLevel(0, 1000)).toBeNull();
    expect(quotaAlertLevel(950, 1000)).toBe(90);
    expect(quotaAlertLevel(1200, 1000)).toBe(100); // a plan lowered mid-month
    expect(quotaAlertLevel(10, 0)).toBeNull();
  });

  it('reports the share used rounded down', () => {
    expect(percentUsed(749, 1000)).toBe(74);
    expect(percentUsed(7_500, 10_001)).toBe(74);
    expect(percentUsed(1000, 1000)).toBe(100);
    expect(percentUsed(5, 0)).toBe(0);
  });
});
