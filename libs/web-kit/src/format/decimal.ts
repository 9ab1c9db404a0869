/**
 * Exact decimal arithmetic on BigInt for display purposes: the converter recomputes results
 * locally, and binary floating point must not change the digits shown.
 * Values travel as plain decimal strings; rounding is half-even, applied at the end only.
 */

interface ScaledDecimal {
  /** value = digits / 10^scale */
  digits: bigint;
  scale: number;
}

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
/** Digits kept after the point when inverting; far beyond the 8 decimals ever displayed. */
const INVERSION_SCALE = 30;

function parse(value: number | string): ScaledDecimal {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`Not a finite number: ${value}`);
  }
  const text = String(value).trim();
  const match = DECIMAL_PATTERN.exec(text);
  if (!match || (!match[2] && !match[3])) throw new RangeError(`Not a decimal number: "${text}"`);
  const [, sign, integer = '', fraction = '', exponent = '0'] = match;
  let digits = BigInt(`${integer || '0'}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: sign === '-' ? -digits : digits, scale };
}

function roundHalfEven(value: ScaledDecimal, decimals: number): ScaledDecimal {
  if (value.scale <= decimals) {
    return { digits: value.digits * 10n ** BigInt(decimals - value.scale), scale: decimals };
  }
  const divisor = 10n ** BigInt(value.scale - decimals);
  let quotient = value.digits / divisor;
  const remainder = value.digits % divisor;
  const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
  const direction = value.digits < 0n ? -1n : 1n;
  if (twiceRemainder > divisor || (twiceRemainder === divisor && quotient % 2n !== 0n)) {
    quotient += direction;
  }
  return { digits: quotient, scale: decimals };
}

function toPlainString(value: ScaledDecimal): string {
  const negative = value.digits < 0n;
  const absolute = (negative ? -value.digits : value.digits).toString().padStart(value.scale + 1, '0');
  const integer = absolute.slice(0, absolute.length - value.scale);
  const fraction = absolute.slice(absolute.length - value.scale);
  const isZero = /^0*$/.test(absolute);
  return `${negative && !isZero ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
}

/** `value` with exactly `decimals` digits after the point, e.g. formatDecimal(100, 4) === "100.0000". */
export function formatDecimal(value: number | string, decimals: number): string {
  return toPlainString(roundHalfEven(parse(value), decimals));
}

/** The exact product of two decimals, as a plain decimal string. */
export function multiplyDecimals(left: number | string, right: number | string): string {
  const a = parse(left);
  const b = parse(right);
  return toPlainString({ digits: a.digits * b.digits, scale: a.scale + b.scale });
}

/** 1 / value, truncated to 30 decimals (used when the converter swaps its currencies). */
export function invertDecimal(value: number | string): string {
  const divisor = parse(value);
  if (divisor.digits === 0n) throw new RangeError('Cannot invert zero');
  const numerator = 10n ** BigInt(INVERSION_SCALE + divisor.scale);
  return toPlainString({ digits: numerator / divisor.digits, scale: INVERSION_SCALE });
}

/** True when both are the same number, however written ("100", "100.00", 100). */
export function decimalsEqual(left: number | string, right: number | string): boolean {
  const a = parse(left);
  const b = parse(right);
  const scale = Math.max(a.scale, b.scale);
  return a.digits * 10n ** BigInt(scale - a.scale) === b.digits * 10n ** BigInt(scale - b.scale);
}

/** True when the text is a decimal number this module can read. */
export function isDecimal(value: string): boolean {
  const match = DECIMAL_PATTERN.exec(value.trim());
  return Boolean(match && (match[2] || match[3]));
}
