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
  it('scales from zero to the highest age and breaks the line where nothing was recorded', () => {
    expect(agePath([0, 50, null, 100, 100], 40, 10)).toBe('M0.0,10.0 L10.0,5.0 M30.0,0.0 L40.0,0.0');
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
  });
});
