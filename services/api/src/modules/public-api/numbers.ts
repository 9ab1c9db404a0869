import { Type } from '@sinclair/typebox';
import { NUMBERS_FORMATS, type NumbersFormat } from '@fxrates/domain';
import { optionalChoice, type Query, NumbersParameter } from '../../common/input';
import { decimalLiteral } from '../../common/openapi';

/** `numbers` of every /api/v1 route that answers rates: JSON numbers (default) or decimal strings. */
export const NUMBERS_QUERY = { numbers: Type.Optional(NumbersParameter) };

export const numbersOf = (query: Query): NumbersFormat =>
  optionalChoice(query, 'numbers', NUMBERS_FORMATS, 'number');

/**
 * A decimal field of an answer: a JSON number, or with `numbers=string` its exact decimal string.
 * `oneOf`, as the two never overlap (a generated client gets `number | string`). Its value, for the
 * writer, is the decimal's text, written verbatim: a displayed rate, whose 10 significant digits any
 * JSON parser keeps.
 */
export function DecimalField(description: string, example: number, signed = false) {
  return decimalLiteral(decimalSchema(description, example, signed), 'verbatim');
}

/**
 * A decimal field of any size (an amount, a result, a percentage): a JSON number when JSON.parse
 * reads back this very value, otherwise (and always with `numbers=string`) the same digits as a
 * string. Never a silently rounded amount, and never a refusal: 320 847.26 SOL in BRL to 8 decimals
 * has 17 digits, which a double does not keep, and is an everyday conversion.
 */
export function ExactDecimalField(description: string, example: number, signed = false) {
  return decimalLiteral(decimalSchema(description, example, signed), 'exact');
}

function decimalSchema(description: string, example: number, signed: boolean) {
  return Type.Unsafe<number | string>({
    oneOf: [
      { type: 'number', example },
      {
        type: 'string',
        pattern: signed ? '^-?[0-9]+(\\.[0-9]+)?$' : '^[0-9]+(\\.[0-9]+)?$',
        example: String(example),
      },
    ],
    description: `${description}. A string with \`numbers=string\`, or when a JSON number could not hold it exactly.`,
  });
}
