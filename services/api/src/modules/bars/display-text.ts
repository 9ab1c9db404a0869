import { displayRate, RateDecimal } from '@fxrates/rates';

const SIGNIFICANT = 10;
const PLAIN = /^\d+(\.\d+)?$/;

/**
 * displayRate(new RateDecimal(text)).toString() for a plain positive decimal as PostgreSQL prints a
 * numeric, worked on the digits: 10 significant digits, half-even, trailing zeros dropped. A day of
 * minutes is 5,760 values: through decimal.js that was most of the answer's time (bench-bars.mjs).
 * Anything else (a sign, an exponent) goes through decimal.js.
 */
export function displayText(text: string): string {
  if (!PLAIN.test(text)) return displayRate(new RateDecimal(text)).toString();
  const point = text.indexOf('.');
  const whole = point < 0 ? text : text.slice(0, point);
  const digits = point < 0 ? text : whole + text.slice(point + 1);
  // Where the point sits in `digits` (the number of digits before it), and the first significant one.
  const pointAt = whole.length;
  let first = 0;
  while (first < digits.length && digits[first] === '0') first++;
  if (first === digits.length) return '0';
  const end = first + SIGNIFICANT;
  let kept = digits.slice(0, Math.min(end, digits.length));
  if (digits.length > end && roundsUp(digits, end)) kept = carried(kept);
  // A carry out of the first digit (9.999… → 10.00…) adds a digit in front: the point moves with it.
  const shift = kept.length - Math.min(end, digits.length);
  return plain(kept.padEnd(pointAt + shift, '0'), pointAt + shift);
}

/** Whether the digits from `at` on round the kept ones up, half to even. */
function roundsUp(digits: string, at: number): boolean {
  const next = digits.charCodeAt(at) - 48;
  if (next !== 5) return next > 5;
  for (let i = at + 1; i < digits.length; i++) if (digits[i] !== '0') return true;
  return (digits.charCodeAt(at - 1) - 48) % 2 === 1;
}

/** `kept` plus one in its last digit. */
function carried(kept: string): string {
  const out = kept.split('');
  let i = out.length - 1;
  while (i >= 0 && out[i] === '9') out[i--] = '0';
  if (i < 0) return `1${out.join('')}`;
  out[i] = String.fromCharCode(out[i].charCodeAt(0) + 1);
  return out.join('');
}

/** Digits with the point after `pointAt` of them: leading zeros of the whole part and trailing ones of the fraction dropped. */
function plain(digits: string, pointAt: number): string {
  let whole = digits.slice(0, pointAt).replace(/^0+(?=\d)/, '');
  if (whole === '') whole = '0';
  const fraction = digits.slice(pointAt).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
