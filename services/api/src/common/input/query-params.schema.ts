import { Type, type TString } from '@sinclair/typebox';
import { GRAMS_PER_TROY_OUNCE, MAX_AMOUNT, METAL_UNITS, NUMBERS_FORMATS } from '@fxrates/domain';
import { StringEnum } from '../openapi';
import { MAX_SYMBOLS } from './query-params';

/** A catalogue code as query-params.ts reads it: trimmed and upper-cased, so any case is accepted. */
const CURRENCY_CODE_PATTERN = '^[A-Za-z0-9]{2,10}$';

/** A currency code in the query; unknown codes are 400 `unknown-currency`. */
export function CurrencyParameter(description: string, example: string): TString {
  return Type.String({
    pattern: CURRENCY_CODE_PATTERN,
    example,
    description: `${description}: an ISO 4217 code (a metal: XAU, XAG, XPT, XPD, per troy ounce) or crypto ticker (any case)`,
  });
}

/** A currency code in an answer: the catalogue's, upper case. */
export function CurrencyCode(example: string) {
  return Type.String({ pattern: '^[A-Z0-9]{2,10}$', example });
}

/** A comma-separated list of currency codes (`symbols=EUR,GBP`): an array sent as form, not exploded. */
export function CurrencyListParameter(description: string, example: string[]) {
  return Type.Array(Type.String({ pattern: CURRENCY_CODE_PATTERN }), {
    minItems: 1,
    maxItems: MAX_SYMBOLS,
    example,
    description: `${description}; comma-separated, at most ${MAX_SYMBOLS}`,
  });
}

/** The amount to convert: a plain non-negative decimal (no sign, exponent or separators), at most 1e15. */
export const AmountParameter = Type.Number({
  minimum: 0,
  maximum: MAX_AMOUNT,
  example: 100,
  description:
    'Amount to convert: a non-negative decimal written plainly (digits, an optional fraction; no sign, exponent or ' +
    'thousands separator; at most 64 characters), at most 1e15. Otherwise 400 `invalid-amount` or `amount-too-large`.',
});

/** `numbers=string` (docs/decisions.md, Numbers): amounts, rates and results as exact decimal strings. */
export const NumbersParameter = StringEnum(NUMBERS_FORMATS, {
  default: 'number',
  description:
    '`number` (default) writes rates, amounts and results as JSON numbers; `string` writes them as plain decimal ' +
    'strings, for clients that must show every digit (a JSON parser rounds numbers beyond ~15 significant ' +
    'digits). Anything else is 400 `validation-failed`.',
});

/** `unit` of convert: what the metal side's amount is measured in. */
export const MetalUnitParameter = StringEnum(METAL_UNITS, {
  default: 'ozt',
  description:
    `What the metal side (XAU, XAG, XPT, XPD) is measured in: \`ozt\` troy ounces (default; 1 ozt = ${GRAMS_PER_TROY_OUNCE} g ` +
    'exactly), `g` grams or `kg` kilograms; `amount` of a metal `from`, `result` of a metal `to`, and `rate` per that ' +
    'unit (between two metals both sides are in it and the rate is unchanged). Computed in decimals, rounded once. ' +
    'Another value is 400 `invalid-unit`; `unit` without a metal on either side is 400 `unit-without-metal`. ' +
    'Tokenised gold (PAXG, XAUT) is a crypto asset and takes no unit.',
});

/** A calendar day written YYYY-MM-DD; anything else is 400 `invalid-date`. */
export function DayParameter(description: string, example: string) {
  return Type.String({
    format: 'date',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    example,
    description: `${description}, YYYY-MM-DD (UTC)`,
  });
}

/** A calendar day in an answer. */
export function Day(description?: string) {
  return Type.String({ format: 'date', ...(description ? { description } : {}) });
}
