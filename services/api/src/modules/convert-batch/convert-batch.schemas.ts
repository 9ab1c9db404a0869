import { Type, type TSchema } from '@sinclair/typebox';
import type { SchemaObject } from '@nestjs/swagger';
import { ErrorCode, MAX_AMOUNT, METAL_UNITS, PLAN_IDS } from '@fxrates/domain';
import { CurrencyParameter, Day } from '../../common/input';
import { compileWriter, StringEnum } from '../../common/openapi';
import { CONVERSION_PAIR_FIELDS, ExactDecimalField, PROVENANCE } from '../public-api';
import { MAX_BATCH_ROWS, MAX_REF_LENGTH, ROWS_PER_CALL } from './batch-body';

/** The schemas of POST /api/v1/convert/batch: what the OpenAPI document shows and what writes a result. */

const REF = Type.String({
  maxLength: MAX_REF_LENGTH,
  example: 'inv-2026-0042',
  description: `Your reference for the row (at most ${MAX_REF_LENGTH} characters), echoed back; need not be unique`,
});

const AT_DESCRIPTION =
  "`now` (default): the current rates, as GET /api/v1/convert; a day `YYYY-MM-DD`: that day's closes, as GET /api/v1/rates/historical/{date} (a weekend or holiday carried forward from the last close within a week; Basic plan and up); a fixing id `fix_<CUT>_<YYYYMMDD>`: that FXRates fixing's rates (Basic plan and up)";

/** One row of the request. */
const BatchRowInput = Type.Object(
  {
    ref: Type.Optional(REF),
    amount: Type.Unsafe<number | string>({
      oneOf: [
        { type: 'number', minimum: 0, maximum: MAX_AMOUNT, example: 100 },
        { type: 'string', pattern: '^(\\d+(\\.\\d+)?|\\.\\d+)$', maxLength: 64, example: '100.50' },
      ],
      description:
        'Amount to convert: a non-negative decimal written plainly (no sign, exponent or thousands separator; at most 64 characters), at most 1e15, as a JSON number (its digits as written are used, however many) or a string. Otherwise the row is `invalid-amount` or `amount-too-large`',
    }),
    from: CurrencyParameter('Currency to convert from', 'USD'),
    to: CurrencyParameter('Currency to convert to', 'EUR'),
    at: Type.Optional(Type.String({ maxLength: 48, example: '2026-11-27', description: AT_DESCRIPTION })),
    unit: Type.Optional(
      StringEnum(METAL_UNITS, {
        description:
          'What a metal side is measured in (troy ounces unless said), as `unit` of GET /api/v1/convert',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The request body. */
export const BATCH_REQUEST = Type.Object(
  {
    rows: Type.Array(BatchRowInput, {
      minItems: 1,
      maxItems: MAX_BATCH_ROWS,
      description: `1 to ${MAX_BATCH_ROWS.toLocaleString('en-US')} rows, converted and answered in this order`,
    }),
  },
  {
    additionalProperties: false,
    example: {
      rows: [
        { ref: 'inv-1', amount: '100', from: 'USD', to: 'EUR' },
        { ref: 'inv-2', amount: 2500.5, from: 'GBP', to: 'JPY', at: '2026-11-27' },
        { ref: 'inv-3', amount: '1', from: 'EUR', to: 'USD', at: 'fix_LDN1600_20261127' },
      ],
    },
  },
);

/** A converted row. Its members in this order: what the writer writes. */
export const BatchResult = Type.Object(
  {
    index: Type.Integer({ minimum: 0, description: "The row's position in the request, from 0" }),
    ref: Type.Optional(REF),
    at: Type.String({
      example: 'now',
      description: '`now`, the day or the fixing id the row was converted at, as sent',
    }),
    ...CONVERSION_PAIR_FIELDS,
    result: ExactDecimalField(
      'amount × rate, half-even to 4 decimals (8 when crypto or a metal is involved), every decimal written: as GET /api/v1/convert',
      88.0226,
    ),
    minorUnits: Type.Unsafe<number | null>({
      type: 'integer',
      minimum: 0,
      nullable: true,
      description: 'The ISO 4217 minor units of `to`; null for a crypto asset or a metal',
      example: 2,
    }),
    timestamp: PROVENANCE.timestamp,
    date: PROVENANCE.date,
    carriedForwardFrom: Type.Optional(
      Day('At a day that is a weekend or holiday: the day of the oldest close used'),
    ),
    source: PROVENANCE.source,
    stale: PROVENANCE.stale,
    marketClosed: PROVENANCE.marketClosed,
    unit: Type.Optional(
      StringEnum(METAL_UNITS, { description: 'Only when a side is a metal: what its amount is measured in' }),
    ),
  },
  { additionalProperties: false },
);

/** Writes a converted row, decimals exact (numbers=string: all as strings). */
export const RESULT_WRITER = compileWriter(BatchResult);

/**
 * What a row can be refused for, each as GET /api/v1/convert (its parameters, currencies and plan),
 * /rates/historical (a day) or a fixing answers it: in the row's place, never failing the batch.
 */
export const ROW_PROBLEMS = [
  ErrorCode.ValidationFailed,
  ErrorCode.MissingParameter,
  ErrorCode.UnknownCurrency,
  ErrorCode.InvalidAmount,
  ErrorCode.AmountTooLarge,
  ErrorCode.InvalidUnit,
  ErrorCode.UnitWithoutMetal,
  ErrorCode.InvalidDate,
  ErrorCode.DateOutOfRange,
  ErrorCode.PlanUpgradeRequired,
  ErrorCode.HistoryUnavailable,
  ErrorCode.FixingNotFound,
  ErrorCode.RateUnavailable,
  ErrorCode.ServiceUnavailable,
] as const;

/** A row's problem: RFC 9457 members and the code GET /api/v1/convert (or /historical) would answer. */
const RowProblem = Type.Object(
  {
    index: Type.Integer({ minimum: 0, description: "The row's position in the request, from 0" }),
    ref: Type.Optional(REF),
    problem: Type.Object(
      {
        type: Type.String({ example: '/problems/unknown-currency' }),
        title: Type.String({ example: 'Unknown currency' }),
        status: Type.Integer({ minimum: 400, maximum: 599, example: 400 }),
        detail: Type.String({ example: '"XYZ" in "to" is not a supported currency code.' }),
        code: StringEnum(ROW_PROBLEMS, {
          example: 'unknown-currency',
          description:
            'Stable code, as GET /api/v1/convert (or /rates/historical for a day) would answer for this row',
        }),
        message: Type.String({ example: '"XYZ" in "to" is not a supported currency code.' }),
        requiredPlan: Type.Optional(StringEnum(PLAN_IDS, { description: 'On `plan-upgrade-required` only' })),
        currentPlan: Type.Optional(StringEnum(PLAN_IDS, { description: 'On `plan-upgrade-required` only' })),
        upgradeUrl: Type.Optional(Type.String({ description: 'On `plan-upgrade-required` only' })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/** The 200 body. */
export const BATCH_ANSWER = Type.Object(
  {
    environment: Type.Optional(
      Type.String({
        enum: ['test'],
        description: 'Only with a test key: answered from the bundled snapshot',
      }),
    ),
    results: Type.Array(Type.Union([BatchResult, RowProblem]), {
      description: 'One per row, in the order of the request: its conversion, or its problem',
    }),
    ok: Type.Integer({ minimum: 0, description: 'Rows converted', example: 999 }),
    failed: Type.Integer({ minimum: 0, description: 'Rows answered with a problem', example: 1 }),
    calls: Type.Integer({
      minimum: 1,
      maximum: MAX_BATCH_ROWS / ROWS_PER_CALL,
      description: `Metered calls the batch counted: one per ${ROWS_PER_CALL} rows started`,
      example: 10,
    }),
  },
  { additionalProperties: false },
);

/** A TypeBox schema as the OpenAPI document takes it (plain JSON Schema; its symbols never show). */
export const openApiSchema = (schema: TSchema): SchemaObject => schema as unknown as SchemaObject;
