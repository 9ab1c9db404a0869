import { Type } from '@sinclair/typebox';
import { ErrorCode } from '@fxrates/domain';
import { CurrencyCode, CurrencyListParameter, Day, DayParameter } from '../../../../common/input';
import { compileWriter, StringEnum } from '../../../../common/openapi';
import {
  CLOSE_BASIS,
  DETAILS,
  MAX_AVERAGE_SYMBOLS,
  MAX_PERIODS,
  MEAN_DIGITS,
  parseAverageQuery,
  PERIOD_KINDS,
  type RateAverages,
} from '../../../averages';
import { MAX_SERIES_DAYS } from '../../../history';
import { DecimalField, NUMBERS_QUERY } from '../../numbers';
import { BASE_PARAMETER, CLOSES_SOURCE, HISTORY_PROBLEMS, PLANS_NOTE } from '../../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../../public-route';

const Sources = (description: string) =>
  Type.Array(Type.String(), { description, example: ['ecb'], uniqueItems: true });

const QUERY = Type.Object({
  start: DayParameter('First day', '2024-01-01'),
  end: DayParameter('Last day, not in the future', '2024-03-31'),
  base: Type.Optional(BASE_PARAMETER),
  symbols: {
    ...CurrencyListParameter('Currencies to average', ['EUR', 'GBP']),
    maxItems: MAX_AVERAGE_SYMBOLS,
    description: `Currencies to average; comma-separated, at most ${MAX_AVERAGE_SYMBOLS}`,
  },
  period: Type.Optional(
    StringEnum(PERIOD_KINDS, {
      default: 'month',
      description: `Calendar periods (UTC days) to average over: \`month\` (at most ${MAX_PERIODS.month} per call), \`quarter\` (${MAX_PERIODS.quarter}) or \`year\` (${MAX_PERIODS.year}), counting each period the range touches`,
    }),
  ),
  basis: Type.Optional(
    Type.String({
      default: CLOSE_BASIS,
      example: CLOSE_BASIS,
      description:
        '`close` (default): the days on which the base and the symbol each have a close of their own in the history; or the name of a fixing cut (e.g. `LDN1600`): the days with a fixing of that cut. Another name is 400 `unknown-cut`, listing the cuts',
    }),
  ),
  detail: Type.Optional(
    StringEnum(DETAILS, {
      default: 'none',
      description: `\`days\` lists, per period and symbol, every day counted with its rate and sources (and fixing); the range is then at most ${MAX_SERIES_DAYS} days`,
    }),
  ),
  ...NUMBERS_QUERY,
});

const DayCounted = Type.Object(
  {
    day: Day(),
    rate: DecimalField("The day's rate, as every answer displays it", 0.9174311927),
    sources: Sources("The sources of the base's and the symbol's rates that day"),
    fixing: Type.Optional(
      Type.String({
        description: 'On a cut basis: the fixing the rate is from',
        example: 'fix_LDN1600_20240315',
      }),
    ),
  },
  { additionalProperties: false },
);

const SymbolAverage = Type.Object(
  {
    mean: Type.Optional(
      DecimalField(
        `The exact mean of the days' rates, rounded half-even to ${MEAN_DIGITS} significant digits (absent when no day is counted)`,
        0.9183006536,
      ),
    ),
    low: Type.Optional(DecimalField('The lowest day', 0.9124087591)),
    high: Type.Optional(DecimalField('The highest day', 0.9250693802)),
    days: Type.Integer({ minimum: 0, description: 'The days counted', example: 21 }),
    sources: Sources('The sources of the days counted, in the order of precedence'),
    daily: Type.Optional(
      Type.Array(DayCounted, { description: 'With `detail=days`: every day counted, oldest first' }),
    ),
  },
  { additionalProperties: false },
);

const PeriodAverage = Type.Object(
  {
    period: Type.String({ description: '`2024-03`, `2024-Q1` or `2024`', example: '2024-03' }),
    from: Day('The first day of the period counted (the range may start later than the period)'),
    to: Day('The last day of the period counted (the range may end earlier)'),
    partial: Type.Boolean({ description: 'Whether the range cuts the period short' }),
    rates: Type.Object({}, { description: 'Per symbol', additionalProperties: SymbolAverage }),
  },
  { additionalProperties: false },
);

const RateAverage = Type.Object(
  {
    base: CurrencyCode('USD'),
    start: Day(),
    end: Day(),
    period: StringEnum(PERIOD_KINDS),
    basis: Type.String({ example: CLOSE_BASIS, description: '`close` or the fixing cut' }),
    source: CLOSES_SOURCE,
    periods: Type.Array(PeriodAverage, {
      description: 'Each calendar period the range touches, oldest first',
    }),
  },
  { $id: 'RateAverage', additionalProperties: false },
);
const writer = compileWriter(RateAverage);

/**
 * GET /api/v1/rates/average?start&end&base&symbols&period&basis&detail: per calendar period the
 * range touches (clipped to it) and per symbol, the exact mean of its days' rates, the lowest and
 * highest, the days counted and their sources. One metered call.
 */
export function averageRoute(averages: RateAverages): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/rates/average`,
    endpoint: 'average',
    scope: 'history:read',
    metered: true,
    caching: { made: 'closes', lastDay: ({ query }) => String(query.end) },
    writer,
    schema: {
      operationId: 'getRateAverage',
      summary: 'Monthly, quarterly or yearly average rates (Professional plan and up)',
      description: `For each calendar month, quarter or year (UTC days) that \`start\`…\`end\` touches, clipped to the range (\`partial\`), and each symbol: the mean of its daily rates (symbol per base, each day's as every answer displays it, from that day's closes per USD), computed exactly and rounded half-even to ${MEAN_DIGITS} significant digits, the lowest and highest day and the number of days counted. On the \`close\` basis a day counts only when the base and the symbol each have a close of their own that day: weekends and holidays are never counted (nor carried forward), so an ECB currency's month counts its TARGET business days. On a cut basis (\`basis=LDN1600\`), the days with a fixing of that cut. A period without a day says \`days: 0\` without a mean; a range without a single day is 404 \`history-unavailable\`. \`detail=days\` lists each day counted, its rate and sources (and fixing). ${PLANS_NOTE}`,
      query: QUERY,
      body: RateAverage,
      problems: [...HISTORY_PROBLEMS, ErrorCode.MissingParameter, ErrorCode.UnknownCut],
    },
    async handle({ query, key, now }) {
      const parsed = parseAverageQuery(query, key.plan, now);
      const { periods, sources } = await averages.of(parsed);
      return writer.write(
        {
          base: parsed.base,
          start: parsed.start,
          end: parsed.end,
          period: parsed.period,
          basis: parsed.basis,
          source: sources,
          periods: periods.map(({ label, from, to, partial, rates }) => ({
            period: label,
            from,
            to,
            partial,
            rates,
          })),
        },
        parsed.numbers,
      );
    },
  };
}
