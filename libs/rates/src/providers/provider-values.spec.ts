import { MAX_CLOCK_AHEAD_MS, readRate, readTime } from './provider-values';

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

describe('readTime', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');

  it.each([
    [1790640000, '2026-09-29T00:00:00.000Z'],
    ['2026-11-22T10:00:00Z', '2026-11-22T10:00:00.000Z'],
    ['Tue, 24 Nov 2026 12:04:00 GMT', '2026-11-24T12:04:00.000Z'],
  ])('reads %j', (raw, iso) => {
    expect(readTime(raw, now)).toEqual({ iso });
  });

  it.each([
    [undefined, 'unreadable time: undefined'],
    ['', 'unreadable time: ""'],
    ['yesterday', 'unreadable time: "yesterday"'],
    [Number.POSITIVE_INFINITY, 'unreadable time: null'],
    [1e20, 'implausible time: 100000000000000000000'],
    [-1, 'implausible time: -1'],
    [
      (now + MAX_CLOCK_AHEAD_MS + 1000) / 1000,
      `implausible time: ${(now + MAX_CLOCK_AHEAD_MS + 1000) / 1000}`,
    ],
  ])('refuses %j (%s)', (raw, reason) => {
    expect(readTime(raw, now)).toEqual({ reason });
  });
});
