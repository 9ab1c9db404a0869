import { Type } from '@sinclair/typebox';
import { ErrorCode, METAL_UNITS } from '@fxrates/domain';
import { parseConvertQuery, AmountParameter, MetalUnitParameter } from '../../../../common/input';
import { compileWriter, StringEnum } from '../../../../common/openapi';
import { assertCurrenciesInPlan } from '../../../plans';
import {
  FROM_PARAMETER,
  PLANS_NOTE,
  PROVENANCE,
  RATES_PROBLEMS,
  TO_PARAMETER,
} from '../../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute, type PublicRouteSchema } from '../../public-route';
import { PROVENANCE_WRITER, writtenProvenanceOf } from '../../rates-json';
import { ExactDecimalField, NUMBERS_QUERY } from '../../numbers';
import { CONVERSION_PAIR_FIELDS, convertAmount } from '../../conversion';

/** The query parseConvertQuery reads. */
const QUERY = Type.Object({
  from: FROM_PARAMETER,
  to: TO_PARAMETER,
  amount: AmountParameter,
  ...NUMBERS_QUERY,
  unit: Type.Optional(MetalUnitParameter),
});

const Conversion = Type.Object(
  {
    ...CONVERSION_PAIR_FIELDS,
    result: ExactDecimalField(
      'amount × rate, half-even to 4 decimals (8 when crypto or a metal is involved), every decimal written',
      88.0226,
    ),
    minorUnits: Type.Unsafe<number | null>({
      type: 'integer',
      minimum: 0,
      nullable: true,
      description:
        'The ISO 4217 minor units of `to` (2 for EUR, 0 for JPY, 3 for KWD): round `result` to these for display or booking. Null for a crypto asset, which has no ISO code, and for a metal, which ISO 4217 gives none',
      example: 2,
    }),
    ...PROVENANCE,
    unit: Type.Optional(
      StringEnum(METAL_UNITS, {
        example: 'ozt',
        description:
          'Only when a side is a metal: what its amount is measured in (`unit`, troy ounces unless asked)',
      }),
    ),
  },
  { $id: 'Conversion', additionalProperties: false },
);
const writer = compileWriter(Conversion, { groups: [PROVENANCE_WRITER] });

function convertSchema(alias: boolean): PublicRouteSchema {
  return {
    operationId: alias ? 'convertAlias' : 'convert',
    summary: alias ? 'Convert an amount (alias of /api/v1/convert)' : 'Convert an amount',
    description:
      `\`amount\` × the rate from \`from\` to \`to\`, rounded half-even to 4 decimals, or 8 when crypto or a metal is involved. ` +
      'A metal side (XAU, XAG, XPT, XPD) is in troy ounces, or in grams or kilograms with `unit`, which the answer names. ' +
      'An amount or result that a JSON number cannot hold exactly (beyond ~15 significant digits, e.g. a large crypto ' +
      'conversion to 8 decimals) comes as a decimal string with the same digits; `numbers=string` makes every number one. ' +
      `${PLANS_NOTE}` +
      (alias ? ' Answers exactly as GET /api/v1/convert.' : ''),
    query: QUERY,
    body: Conversion,
    problems: [
      ...RATES_PROBLEMS,
      ErrorCode.MissingParameter,
      ErrorCode.InvalidAmount,
      ErrorCode.AmountTooLarge,
      ErrorCode.InvalidUnit,
      ErrorCode.UnitWithoutMetal,
    ],
  };
}

/** GET /api/v1/convert?from&to&amount (and its alias /api/v1/rates/convert). */
export function convertRoute(path: string, alias: boolean): PublicRoute {
  return {
    path,
    endpoint: 'convert',
    scope: 'rates:read',
    metered: true,
    memoised: true,
    caching: { made: 'current-rates' },
    writer,
    schema: convertSchema(alias),
    handle({ query, key, table, now }) {
      const { from, to, amount, numbers, unit } = parseConvertQuery(query);
      assertCurrenciesInPlan(key.plan, [from, to]);
      return writer.write(
        {
          ...convertAmount(table, from, to, amount, unit),
          [PROVENANCE_WRITER.key]: writtenProvenanceOf(table, [from, to], key.plan, now, numbers),
        },
        numbers,
      );
    },
  };
}

export const convertRoutes: PublicRoute[] = [
  convertRoute(`${PUBLIC_API_PREFIX}/convert`, false),
  convertRoute(`${PUBLIC_API_PREFIX}/rates/convert`, true),
];
