import { Type, type Static } from '@sinclair/typebox';
import { METAL_UNITS, type ConvertResponse, type ExactConvertResponse } from '@fxrates/domain';
import { compileWriter, decimalLiteral, StringEnum } from '../../common/openapi';
import { CurrencyCode } from '../../common/input';

const DECIMAL_STRING = '^\\d+(\\.\\d+)?$';

/** What both forms of a converter answer share. */
const PROVENANCE = {
  timestamp: Type.String({
    format: 'date-time',
    example: '2026-09-29T00:00:00.000Z',
    description: 'When the source published the rates',
  }),
  date: Type.String({ format: 'date', example: '2026-09-29', description: 'Day the rates belong to' }),
  source: Type.String({
    example: 'ecb',
    description: 'Where the rates come from, comma-separated when several',
  }),
  stale: Type.Boolean({
    example: false,
    description: 'A rate involved is older than 24 hours while its market is open',
  }),
  marketClosed: Type.Boolean({
    example: false,
    description:
      "A fiat or metal rate is its source's (a metal's: its market's) last before a weekend or holiday",
  }),
  unit: Type.Optional(
    StringEnum(METAL_UNITS, {
      example: 'ozt',
      description:
        'Only when a side is a metal: what its amount is measured in (`unit`, troy ounces unless asked)',
    }),
  ),
};

/** GET /api/rates/convert's answer. */
export const ConverterConversion = Type.Object(
  {
    from: CurrencyCode('USD'),
    to: CurrencyCode('EUR'),
    amount: decimalLiteral(
      Type.Number({ example: 100, description: 'The amount converted, as given' }),
      'verbatim',
    ),
    rate: decimalLiteral(
      Type.Number({ example: 0.88022588, description: 'Units of `to` per 1 `from`, 10 significant digits' }),
      'verbatim',
    ),
    result: decimalLiteral(
      Type.Number({
        example: 88.0226,
        description:
          'amount × rate, rounded half-even to 4 decimals (fiat↔fiat) or 8 (either side crypto or a metal)',
      }),
      'verbatim',
    ),
    ...PROVENANCE,
  },
  { $id: 'ConverterConversion', additionalProperties: false },
);

/** The same answer with `numbers=string`: amount, rate and result as exact decimal strings. */
export const ConverterConversionExact = Type.Object(
  {
    from: CurrencyCode('USD'),
    to: CurrencyCode('EUR'),
    amount: Type.String({
      example: '1000000000000000',
      pattern: DECIMAL_STRING,
      description: 'The amount converted',
    }),
    rate: Type.String({
      example: '0.88022588',
      pattern: DECIMAL_STRING,
      description: 'Units of `to` per 1 `from`',
    }),
    result: Type.String({
      example: '880225880000000.0000',
      pattern: DECIMAL_STRING,
      description: 'amount × rate with every digit the server computed (4 or 8 decimals)',
    }),
    ...PROVENANCE,
  },
  { $id: 'ConverterConversionExact', additionalProperties: false },
);

/** The converter's answer, each form written from the schema the OpenAPI document shows for it. */
export const converterWriters = {
  number: compileWriter(ConverterConversion),
  string: compileWriter(ConverterConversionExact),
};

/** `true` when each of `A` and `B` is assignable to the other. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only for `true`. */
type Assert<T extends true> = T;

/** Every member the converter always writes required; `unit`, written only for a metal, optional. */
type AlwaysSaid<T extends { unit?: unknown }> = Required<Omit<T, 'unit'>> & Pick<T, 'unit'>;

/**
 * The schemas describe the answer types the converter builds (LandingConverterService, @fxrates/domain): a
 * change to either side that the other does not follow fails the build here.
 */
export type ConverterAnswersAgree = [
  Assert<Mutual<Static<typeof ConverterConversion>, AlwaysSaid<ConvertResponse>>>,
  Assert<Mutual<Static<typeof ConverterConversionExact>, AlwaysSaid<ExactConvertResponse>>>,
];
