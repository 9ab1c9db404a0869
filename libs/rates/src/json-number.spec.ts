import { survivesJsonParse } from './json-number';

/**
 * A decimal's value as "digits×10^exponent" with no zeros at either end of the digits, from plain
 * ("0.0120") or exponent ("1.2e-7") notation: equal values, equal texts. Independent of decimal.js.
 */
function canonical(text: string): string {
  const [mantissa, exponentText = '0'] = text.split('e');
  const point = mantissa.indexOf('.');
  let digits = mantissa.replace('.', '');
  let exponent = Number(exponentText) - (point === -1 ? 0 : mantissa.length - point - 1);
  digits = digits.replace(/^0+/, '');
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    exponent++;
  }
  return digits === '' ? '0' : `${digits}e${exponent}`;
}

/** The property itself: JSON.parse of the literal, printed back by JavaScript, is the same value. */
const roundTrips = (decimal: string) => canonical(String(JSON.parse(decimal))) === canonical(decimal);

describe('survivesJsonParse', () => {
  it.each([
    ['0', true],
    ['88.0226', true],
    ['0.8802258808', true],
    ['1000000000000000', true],
    ['999999999999999.9999', false], // 19 digits: JSON.parse reads 1000000000000000
    ['123456789012.3456', true], // 16 digits, yet the nearest double prints as this
    ['9007199254740992', true], // 2^53
    ['9007199254740993', false], // 2^53 + 1 reads as 2^53
    ['16000000000000000.00000000', true], // trailing zeros are not digits of the value
    ['0.00000000000000012345678901234567', false],
    ['12.50000000', true],
  ])('%s → %s', (decimal, exact) => {
    expect(survivesJsonParse(decimal)).toBe(exact);
    expect(roundTrips(decimal)).toBe(exact);
  });

  it('agrees with JSON.parse on random decimals of 14 to 20 significant digits', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 5_000; n++) {
      const digits = 14 + Math.floor(random() * 7);
      let text = '';
      for (let d = 0; d < digits; d++) text += String(Math.floor(random() * 10));
      text = text.replace(/^0+(?=\d)/, '');
      const point = Math.floor(random() * text.length);
      const decimal = point === 0 ? text : `${text.slice(0, point)}.${text.slice(point)}`;
      expect([decimal, survivesJsonParse(decimal)]).toEqual([decimal, roundTrips(decimal)]);
    }
  });
});
