import { decimalsEqual, formatDecimal, invertDecimal, isDecimal, multiplyDecimals } from './decimal';

describe('formatDecimal', () => {
  it('pads to the requested decimals', () => {
    expect(formatDecimal(100, 4)).toBe('100.0000');
    expect(formatDecimal('0.5', 8)).toBe('0.50000000');
    expect(formatDecimal(0, 4)).toBe('0.0000');
  });

  it('rounds half to even at the last digit only', () => {
    expect(formatDecimal('1.00005', 4)).toBe('1.0000');
    expect(formatDecimal('1.00015', 4)).toBe('1.0002');
    expect(formatDecimal('1.000051', 4)).toBe('1.0001');
    expect(formatDecimal('-2.50005', 4)).toBe('-2.5000');
    expect(formatDecimal('-2.50015', 4)).toBe('-2.5002');
  });

  it('keeps digits that binary floating point would lose', () => {
    expect(formatDecimal('1.005', 2)).toBe('1.00');
    expect(formatDecimal('123456789012345.6789', 4)).toBe('123456789012345.6789');
  });

  it('reads exponent notation produced by String(number)', () => {
    expect(formatDecimal(1e-7, 8)).toBe('0.00000010');
    expect(formatDecimal(1.5e21, 0)).toBe('1500000000000000000000');
  });

  it('refuses what is not a number', () => {
    expect(() => formatDecimal('abc', 2)).toThrow(RangeError);
    expect(() => formatDecimal(Number.NaN, 2)).toThrow(RangeError);
  });
});

describe('multiplyDecimals', () => {
  it('is exact', () => {
    expect(multiplyDecimals('100', '0.88022588')).toBe('88.02258800');
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.02');
    expect(formatDecimal(multiplyDecimals(250, 0.88022588), 4)).toBe('220.0565');
  });
});

describe('invertDecimal', () => {
  it('inverts with 30 decimals', () => {
    expect(formatDecimal(invertDecimal('0.88022588'), 8)).toBe('1.13607203');
    expect(invertDecimal('4')).toBe('0.250000000000000000000000000000');
  });

  it('refuses zero', () => {
    expect(() => invertDecimal('0')).toThrow(RangeError);
  });
});

describe('isDecimal', () => {
  it('accepts plain and exponent notation, refuses the rest', () => {
    expect(isDecimal('12.5')).toBe(true);
    expect(isDecimal('.5')).toBe(true);
    expect(isDecimal('1e-3')).toBe(true);
    expect(isDecimal('')).toBe(false);
    expect(isDecimal('1,5')).toBe(false);
  });
});

describe('decimalsEqual', () => {
  it('compares values, not how they are written, beyond what a double holds', () => {
    expect(decimalsEqual('100', '100.00')).toBe(true);
    expect(decimalsEqual('1000.50', 1000.5)).toBe(true);
    expect(decimalsEqual('0.5', '.5')).toBe(true);
    expect(decimalsEqual('1000000000000000.01', '1000000000000000.02')).toBe(false);
    expect(decimalsEqual('1', '1.0001')).toBe(false);
  });
});
