import { DailyMean } from './daily-mean';

const meanOf = (rates: readonly string[]) => {
  const mean = new DailyMean();
  for (const rate of rates) mean.add(rate);
  return mean.result();
};

describe('the mean of daily rates', () => {
  it('is exact, then rounded half-even once to 10 significant digits', () => {
    expect(meanOf(['1', '2'])).toEqual({ mean: '1.5', low: '1', high: '2', days: 2 });
    expect(meanOf(['1', '1', '2']).mean).toBe('1.333333333');
    // 1.0000000005 and 1.0000000015: ties, to the even digit.
    expect(meanOf(['1', '1.000000001']).mean).toBe('1');
    expect(meanOf(['1.000000001', '1.000000002']).mean).toBe('1.000000002');
  });

  it('adds rates of any number of decimals and size', () => {
    // (0.0000012345 + 123.4) / 2 = 61.70000061725
    expect(meanOf(['0.0000012345', '123.4'])).toEqual({
      mean: '61.70000062',
      low: '0.0000012345',
      high: '123.4',
      days: 2,
    });
    // Past a double's safe integers: 3 × 9e15 units.
    expect(meanOf(['9000000000000000', '9000000000000000', '9000000000000001']).mean).toBe(
      '9000000000000000',
    );
    expect(meanOf(['0.00000000000000000000000000001', '0.00000000000000000000000000003']).mean).toBe(
      '0.00000000000000000000000000002',
    );
  });

  it('keeps the lowest and highest day as written, and says when no day was counted', () => {
    expect(meanOf(['0.91', '0.9', '0.95', '0.9'])).toMatchObject({ low: '0.9', high: '0.95', days: 4 });
    expect(meanOf([])).toEqual({ days: 0 });
  });
});
