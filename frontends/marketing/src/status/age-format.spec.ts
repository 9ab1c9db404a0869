import { ageHistoryLabel, agePath, formatAge } from './age-format';

describe('formatAge', () => {
  it.each([
    [42, '42 s'],
    [540, '9 min'],
    [7500, '2 h 5 min'],
    [7200, '2 h'],
    [3 * 86400 + 4 * 3600 + 59, '3 d 4 h'],
  ])('%d s is %s', (seconds, text) => expect(formatAge(seconds)).toBe(text));
});

describe('agePath', () => {
  it('joins the samples, from zero to the highest age, also across the steps between polls', () => {
    expect(agePath([0, 50, null, 100, 100], 40, 10)).toBe('M0.0,10.0 L10.0,5.0 L30.0,0.0 L40.0,0.0');
    expect(agePath([null, 10, null, null, 20, null, null, 10, null], 80, 10)).toBe(
      'M10.0,5.0 L40.0,0.0 L70.0,5.0',
    );
  });

  it('breaks the line at an outage, and draws a sample alone as a level stroke, never a dot', () => {
    // Samples every step, then nothing for 5 steps: more than three times the usual gap.
    expect(agePath([10, 10, 20, null, null, null, null, null, 20], 80, 10)).toBe(
      'M0.0,5.0 L10.0,5.0 L20.0,0.0 M75.0,0.0 L80.0,0.0',
    );
  });

  it('draws a single sample as a level line across the window', () => {
    expect(agePath([null, null, 30, null], 30, 10)).toBe('M0.0,5.0 L30.0,5.0');
  });

  it('draws nothing without a sample', () => {
    expect(agePath([null, null], 40, 10)).toBe('');
  });
});

describe('ageHistoryLabel', () => {
  it('says the latest and the highest age', () => {
    expect(ageHistoryLabel('Binance', [600, null, 7200, 30])).toBe(
      'Data age of Binance over 24 hours: now 30 s, at most 2 h',
    );
    expect(ageHistoryLabel('Binance', [null])).toBe('Data age of Binance over 24 hours: nothing recorded');
    expect(ageHistoryLabel('Binance', [null, 42, null])).toBe(
      'Data age of Binance over 24 hours: now 42 s, collecting data',
    );
  });
});
