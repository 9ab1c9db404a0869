import { displayRate, RateDecimal } from '@fxrates/rates';
import { displayText } from './display-text';

const throughDecimal = (text: string) => displayRate(new RateDecimal(text)).toString();

describe('displayText: a rate shown to 10 significant digits, half-even, from its digits', () => {
  it.each([
    ['1', '1'],
    ['1.0', '1'],
    ['0.918000', '0.918'],
    ['123456789012', '123456789000'],
    ['0.00001234567891', '0.00001234567891'],
    ['0.000012345678915', '0.00001234567892'],
    ['0.000012345678925', '0.00001234567892'],
    ['0.0000123456789250001', '0.00001234567893'],
    ['9.9999999999', '10'],
    ['99999999995', '100000000000'],
    ['2.40000000000000000000', '2.4'],
    ['0', '0'],
    ['0.000', '0'],
    ['1e-5', '0.00001'],
  ])('%s → %s, as decimal.js gives it', (text, shown) => {
    expect(displayText(text)).toBe(shown);
    expect(displayText(text)).toBe(throughDecimal(text));
  });

  it('agrees with decimal.js on many values of every size', () => {
    let state = 1;
    const random = (n: number) => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return Math.floor((state / 2 ** 32) * n);
    };
    for (let i = 0; i < 20_000; i++) {
      const digits = Array.from({ length: 1 + random(24) }, () => random(10)).join('');
      // Half-way cases are common among short random digit strings: force some.
      const tail = random(4) === 0 ? `5${'0'.repeat(random(3))}` : '';
      const point = random(digits.length + 1);
      const text = `${digits.slice(0, point) || '0'}${point < digits.length || tail ? '.' : ''}${digits.slice(point)}${tail}`;
      expect([text, displayText(text)]).toEqual([text, throughDecimal(text)]);
    }
  });
});
