import { Type } from '@sinclair/typebox';
import { ErrorCode, resultDecimals } from '@fxrates/domain';
import { convert, RateDecimal } from '@fxrates/rates';
import { parseConvertQuery } from '../../rates';
import { AmountParameter, CurrencyCode } from '../../../common/query-params.schema';
import { assertCurrenciesInPlan } from '../../plans';
import { FROM_PARAMETER, PLANS_NOTE, PROVENANCE, RATES_PROBLEMS, TO_PARAMETER } from '../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute, type PublicRouteSchema } from '../public-route';
import { provenanceJson, withRates } from '../rates-json';

/** The query parseConvertQuery reads, without the converter's `numbers`. */
const QUERY = Type.Object({ from: FROM_PARAMETER, to: TO_PARAMETER, amount: AmountParameter });

const Conversion = Type.Object(
  {
    from: CurrencyCode('USD'),
    to: CurrencyCode('EUR'),
    amount: Type.Number({ description: 'The amount, as given', example: 100 }),
    rate: Type.Number({
      description: 'Units of `to` per 1 `from`, 10 significant digits',
      example: 0.8802258808,
    }),
    result: Type.Number({
      description: 'amount × rate, half-even to 4 decimals (8 when crypto is involved)',
      example: 88.0226,
    }),
    ...PROVENANCE,
  },
  { $id: 'Conversion', additionalProperties: false },
);

function convertSchema(alias: boolean): PublicRouteSchema {
  return {
    operationId: alias ? 'convertAlias' : 'convert',
    summary: alias ? 'Convert an amount (alias of /api/v1/convert)' : 'Convert an amount',
    description:
      `\`amount\` × the rate from \`from\` to \`to\`, rounded half-even to 4 decimals, or 8 when crypto is involved. ${PLANS_NOTE}` +
      (alias ? ' Answers exactly as GET /api/v1/convert.' : ''),
    query: QUERY,
    body: Conversion,
    problems: [
      ...RATES_PROBLEMS,
      ErrorCode.MissingParameter,
      ErrorCode.InvalidAmount,
      ErrorCode.AmountTooLarge,
    ],
  };
}

/** GET /api/v1/convert?from&to&amount (and its alias /api/v1/rates/convert). */
export function convertRoute(path: string, alias: boolean): PublicRoute {
  return {
    path,
    endpoint: 'convert',
    metered: true,
    memoised: true,
    schema: convertSchema(alias),
    handle({ query, key, table, now }) {
      const { from, to, amount } = parseConvertQuery(query);
      assertCurrenciesInPlan(key.plan, [from, to]);
      const decimals = resultDecimals(from, to);
      const typed = new RateDecimal(amount);
      const { rateText, result } = withRates(() => convert(table, from, to, typed, decimals));
      return (
        `{"from":"${from}","to":"${to}","amount":${typed.toString()},"rate":${rateText},` +
        `"result":${result.toFixed(decimals)},${provenanceJson(table, [from, to], key.plan, now)}}`
      );
    },
  };
}

export const convertRoutes: PublicRoute[] = [
  convertRoute(`${PUBLIC_API_PREFIX}/convert`, false),
  convertRoute(`${PUBLIC_API_PREFIX}/rates/convert`, true),
];
