import { readRate } from './provider-values';

describe('readRate', () => {
  it.each([
    [1.0835, '1.0835'],
    ['0.000012', '0.000012'],
    ['  80000.5 ', '80000.5'],
    ['2.5e-8', '0.000000025'],
  ])('reads %j as the provider wrote it', (raw, text) => {
    const reading = readRate(raw);
    expect('rate' in reading && reading.rate.toString()).toBe(text);
  });

  it.each([
    [undefined, 'missing'],
    [null, 'missing'],
    ['', 'not a number: ""'],
    ['abc', 'not a number: "abc"'],
    [{ price: 1 }, 'not a number: {"price":1}'],
    [Number.NaN, 'not a number: NaN'],
    [0, 'zero'],
    ['-1.5', 'negative: -1.5'],
    ['1e-400', 'out of range: 1e-400'],
    ['1e309', 'out of range: 1e309'],
    [1e20, 'out of range: 100000000000000000000'],
  ])('refuses %j: %s', (raw, reason) => {
    expect(readRate(raw)).toEqual({ reason });
  });
});
