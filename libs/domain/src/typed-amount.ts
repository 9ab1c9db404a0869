import { MAX_AMOUNT } from './constants';

/** Decimals a typed amount may carry: the most any result shows (8, crypto). */
export const TYPED_AMOUNT_MAX_DECIMALS = 8;

/**
 * What a typed amount means. `decimal` is plain (digits, an optional fraction), ready to send to the
 * API and to compute with; anything else says why it cannot be used and how to type it.
 */
export type TypedAmount =
  { ok: true; decimal: string } | { ok: false; reason: 'empty' | 'ambiguous' | 'invalid'; message: string };

const PLAIN = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;
/** Thousands separated by commas in groups of three, then an optional fraction after one dot. */
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;
const MAX_INTEGER = BigInt(MAX_AMOUNT).toString();
const HOW_TO_TYPE = 'Use a dot for decimals and commas only between groups of three digits, e.g. 1,000.50.';

export const TYPED_AMOUNT_MESSAGES = {
  empty: 'Type an amount, e.g. 1,000.50.',
  ambiguous: (text: string) => `"${text}" is ambiguous. ${HOW_TO_TYPE}`,
  negative: 'The amount cannot be negative: type 0 or more.',
  spaces: 'Type the amount without spaces, e.g. 1,000.50.',
  notANumber: 'Type the amount with digits, e.g. 1,000.50.',
  tooManyDecimals: `Type at most ${TYPED_AMOUNT_MAX_DECIMALS} decimals.`,
  tooLarge: `The amount must be at most ${MAX_AMOUNT.toLocaleString('en-US')}: type a smaller one.`,
} as const;

const invalid = (message: string): TypedAmount => ({ ok: false, reason: 'invalid', message });

/**
 * Reads an amount as people type it in English: `1000`, `1,000`, `1,000.50`, `.5`, `2.` (commas
 * separate thousands, only in groups of three; one dot marks decimals). A comma anywhere else (`1,5`,
 * `1.000,50`, `10,00`) or several dots (`1.000.000`) could mean either convention, so it is
 * ambiguous and never guessed. Negative, non-numeric, over-precise and over-large amounts are invalid.
 */
export function parseTypedAmount(typed: string): TypedAmount {
  const text = typed.trim();
  if (text === '') return { ok: false, reason: 'empty', message: TYPED_AMOUNT_MESSAGES.empty };
  if (/^[-−]/.test(text)) return invalid(TYPED_AMOUNT_MESSAGES.negative);
  if (/\s/.test(text)) return invalid(TYPED_AMOUNT_MESSAGES.spaces);
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return invalid(TYPED_AMOUNT_MESSAGES.notANumber);

  let integer: string;
  let fraction: string;
  const plain = PLAIN.exec(text);
  const grouped = plain ? null : GROUPED.exec(text);
  if (plain) {
    integer = plain[1] ?? '0';
    fraction = plain[2] ?? plain[3] ?? '';
  } else if (grouped) {
    integer = grouped[1].replace(/,/g, '');
    fraction = grouped[2] ?? '';
  } else {
    return { ok: false, reason: 'ambiguous', message: TYPED_AMOUNT_MESSAGES.ambiguous(text) };
  }

  if (fraction.length > TYPED_AMOUNT_MAX_DECIMALS) return invalid(TYPED_AMOUNT_MESSAGES.tooManyDecimals);
  integer = integer.replace(/^0+(?=\d)/, '');
  const beyondMax =
    integer.length > MAX_INTEGER.length ||
    (integer.length === MAX_INTEGER.length &&
      (integer > MAX_INTEGER || (integer === MAX_INTEGER && /[1-9]/.test(fraction))));
  if (beyondMax) return invalid(TYPED_AMOUNT_MESSAGES.tooLarge);
  return { ok: true, decimal: fraction ? `${integer}.${fraction}` : integer };
}
