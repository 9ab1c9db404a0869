/**
 * The product's one way of writing numbers for people: thousands grouped with commas, a point
 * before the decimals ("1,234,567.89"), whatever the browser's locale, so that a number reads the
 * same on every page as in the API's answers.
 */

/** "1,234,567" for a count. */
export function formatCount(count: number): string {
  return Number.isFinite(count) ? Math.trunc(count).toLocaleString('en-US') : String(count);
}

/**
 * A decimal string with its whole part grouped: "1234567.8900" → "1,234,567.8900", "-1000" →
 * "-1,000". Digits are never rounded or dropped; anything that is not a plain decimal is returned
 * unchanged.
 */
export function groupThousands(decimal: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(decimal);
  if (!match) return decimal;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}
