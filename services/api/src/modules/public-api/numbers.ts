import { Type } from '@sinclair/typebox';
import { ErrorCode, NUMBERS_FORMATS, type NumbersFormat } from '@fxrates/domain';
import { survivesJsonParse } from '@fxrates/rates';
import { AppException } from '../../common/app-exception';
import { optionalChoice, type Query } from '../../common/query-params';
import { NumbersParameter } from '../../common/query-params.schema';

/** `numbers` of every /api/v1 route that answers rates: JSON numbers (default) or decimal strings. */
export const NUMBERS_QUERY = { numbers: Type.Optional(NumbersParameter) };

export const numbersOf = (query: Query): NumbersFormat =>
  optionalChoice(query, 'numbers', NUMBERS_FORMATS, 'number');

/**
 * A displayed rate (10 significant digits, which any JSON parser keeps) as the answer writes it:
 * the number, or with `numbers=string` the same digits as a string.
 */
export const rateLiteral = (decimal: string, numbers: NumbersFormat): string =>
  numbers === 'string' ? `"${decimal}"` : decimal;

/**
 * An amount or result as the answer writes it. As a JSON number only when JSON.parse reads back
 * this very value; otherwise 422 `number-not-exact`, which says to ask for strings: a client never
 * gets a silently rounded amount (1e15 × an IDR rate has 20 digits; a double keeps 15 to 17).
 */
export function exactLiteral(decimal: string, numbers: NumbersFormat, what: string): string {
  if (numbers === 'string') return `"${decimal}"`;
  if (!survivesJsonParse(decimal)) {
    throw new AppException(
      ErrorCode.NumberNotExact,
      `The ${what} ${decimal} has more significant digits than a JSON number keeps (JSON.parse would read ` +
        `${String(Number(decimal))}). Ask again with numbers=string to receive every number as an exact decimal string.`,
    );
  }
  return decimal;
}

/**
 * A decimal field of an answer: a JSON number, or with `numbers=string` its exact decimal string.
 * `oneOf`, as the two never overlap (a generated client gets `number | string`).
 */
export function DecimalField(description: string, example: number, signed = false) {
  return Type.Unsafe<number | string>({
    oneOf: [
      { type: 'number', example },
      {
        type: 'string',
        pattern: signed ? '^-?[0-9]+(\\.[0-9]+)?$' : '^[0-9]+(\\.[0-9]+)?$',
        example: String(example),
      },
    ],
    description: `${description}. A string with \`numbers=string\`.`,
  });
}
