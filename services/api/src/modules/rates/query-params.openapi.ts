import type { ParameterObject, SchemaObject } from '@nestjs/swagger';
import { MAX_AMOUNT, NUMBERS_FORMATS } from '@fxrates/domain';
import { MAX_SYMBOLS } from './query-params';

/** A catalogue code as query-params.ts reads it: trimmed and upper-cased, so any case is accepted. */
export const CURRENCY_CODE: SchemaObject = { type: 'string', pattern: '^[A-Za-z0-9]{2,10}$' };

/** A currency code in the query; unknown codes are 400 `unknown-currency`. */
export function currencyParameter(
  name: string,
  description: string,
  example: string,
  required = true,
): ParameterObject {
  return {
    name,
    in: 'query',
    required,
    description: `${description}: an ISO 4217 code or crypto ticker (any case)`,
    schema: { ...CURRENCY_CODE, example },
  };
}

/** A comma-separated list of currency codes (`symbols=EUR,GBP`): an array sent as form, not exploded. */
export function currencyListParameter(description: string, example: string[]): ParameterObject {
  return {
    name: 'symbols',
    in: 'query',
    required: false,
    description: `${description}; comma-separated, at most ${MAX_SYMBOLS}`,
    style: 'form',
    explode: false,
    schema: { type: 'array', minItems: 1, maxItems: MAX_SYMBOLS, items: CURRENCY_CODE, example },
  };
}

/** The amount to convert: a plain non-negative decimal (no sign, exponent or separators), at most 1e15. */
export const AMOUNT_PARAMETER: ParameterObject = {
  name: 'amount',
  in: 'query',
  required: true,
  description:
    'Amount to convert: a non-negative decimal written plainly (digits, an optional fraction; no sign, exponent or ' +
    'thousands separator; at most 64 characters), at most 1e15. Otherwise 400 `invalid-amount` or `amount-too-large`.',
  schema: { type: 'number', minimum: 0, maximum: MAX_AMOUNT, example: 100 },
};

/** `numbers=string` (decisions.md, Numbers): amounts, rates and results as exact decimal strings. */
export const NUMBERS_PARAMETER: ParameterObject = {
  name: 'numbers',
  in: 'query',
  required: false,
  description:
    '`number` (default) writes amount, rate and result as JSON numbers; `string` writes them as plain decimal ' +
    'strings, for clients that must show every digit (a JSON parser rounds numbers beyond ~15 significant ' +
    'digits). Anything else is 400 `validation-failed`.',
  schema: { type: 'string', enum: [...NUMBERS_FORMATS], default: 'number' },
};

/** A calendar day written YYYY-MM-DD; anything else is 400 `invalid-date`. */
export function dateParameter(
  name: string,
  location: 'query' | 'path',
  description: string,
  example: string,
): ParameterObject {
  return {
    name,
    in: location,
    required: true,
    description: `${description}, YYYY-MM-DD (UTC)`,
    schema: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', example },
  };
}
