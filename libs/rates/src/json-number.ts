import { RateDecimal } from './decimal';

/** Any decimal of at most this many significant digits survives a trip through a binary64 double. */
const ALWAYS_EXACT_DIGITS = 15;

/** The significant digits of a plain decimal ("0012.3400" → 4): no sign, leading or trailing zeros. */
function significantDigits(decimal: string): number {
  let first = -1;
  let last = -1;
  let count = 0;
  for (let i = 0; i < decimal.length; i++) {
    const c = decimal.charCodeAt(i);
    if (c < 48 || c > 57) continue; // '.' or '-'
    if (c !== 48) {
      if (first === -1) first = count;
      last = count;
    }
    count++;
  }
  return first === -1 ? 0 : last - first + 1;
}

/**
 * Whether a plain decimal written as a JSON number reads back as the same value in JavaScript's
 * `JSON.parse` (and any parser into a binary64 double): the nearest double, printed shortest, is
 * this very value. Up to 15 significant digits always; beyond, only when the double lands on it
 * (9007199254740992 does, 9007199254740993 does not; 0.1 + 15 more digits rarely).
 */
export function survivesJsonParse(decimal: string): boolean {
  if (significantDigits(decimal) <= ALWAYS_EXACT_DIGITS) return true;
  const parsed = Number(decimal);
  return Number.isFinite(parsed) && new RateDecimal(parsed).eq(decimal);
}
