import { Type } from '@sinclair/typebox';
import { ErrorCode } from '@fxrates/domain';
import { displayRate, RateDecimal } from '@fxrates/rates';
import { CurrencyCode, Day } from '../../../common/query-params.schema';
import {
  assertHistoryCovers,
  closeRate,
  closeTimestamp,
  HISTORY_SOURCE_JSON,
  noCloseFor,
  parsePeriodQuery,
  symbolsFor,
  type RateHistory,
} from '../../history';
import {
  CLOSES_SOURCE,
  CLOSES_STALE,
  HISTORY_PROBLEMS,
  PERIOD_QUERY,
  PLANS_NOTE,
} from '../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';
import { DecimalField, exactLiteral, rateLiteral } from '../numbers';

const PERCENT_DECIMALS = 4;

const Fluctuation = Type.Object(
  {
    base: CurrencyCode('USD'),
    start: Day(),
    end: Day(),
    startDay: Day('The business day whose close starts the period'),
    endDay: Day('The business day whose close ends it'),
    timestamp: Type.String({ format: 'date-time', description: 'When the last close was published' }),
    source: CLOSES_SOURCE,
    stale: CLOSES_STALE,
    rates: Type.Object(
      {},
      {
        additionalProperties: Type.Object(
          {
            startRate: DecimalField('Close at the start', 0.9174311927),
            endRate: DecimalField('Close at the end', 0.9191176471),
            change: DecimalField('endRate − startRate, 10 significant digits', 0.0016864544, true),
            changePct: DecimalField('Change in percent, 4 decimals', 0.1838, true),
          },
          { additionalProperties: false },
        ),
      },
    ),
  },
  { $id: 'Fluctuation', additionalProperties: false },
);

/**
 * GET /api/v1/rates/fluctuation?start&end&base&symbols: for each symbol the close on start and on
 * end (each carried forward from the last business day), the change and the change in percent.
 */
export function fluctuationRoute(history: RateHistory): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/rates/fluctuation`,
    endpoint: 'fluctuation',
    metered: true,
    caching: { made: 'closes', lastDay: ({ query }) => String(query.end) },
    schema: {
      operationId: 'getFluctuation',
      summary: 'Change over a period (Professional plan and up)',
      description: `The closes at the start and end of a period (each carried forward from the last business day) and the change between them, absolute and in percent. ${PLANS_NOTE}`,
      query: PERIOD_QUERY,
      body: Fluctuation,
      problems: [...HISTORY_PROBLEMS, ErrorCode.MissingParameter],
    },
    async handle({ query, key, now }) {
      const { start, end, base, symbols: requested, numbers } = parsePeriodQuery(query, key.plan, now);
      await assertHistoryCovers(history, start);
      const [first, last] = await Promise.all([history.closeOn(start), history.closeOn(end)]);
      if (!first) throw noCloseFor(undefined, start);
      if (!last) throw noCloseFor(undefined, end);
      const rates = symbolsFor(last, base, requested, key.plan).map((code) => {
        const from = displayRate(closeRate(first, base, code));
        const to = displayRate(closeRate(last, base, code));
        const change = displayRate(to.minus(from));
        const percent = to
          .minus(from)
          .div(from)
          .mul(100)
          .toDecimalPlaces(PERCENT_DECIMALS, RateDecimal.ROUND_HALF_EVEN);
        return (
          `"${code}":{"startRate":${rateLiteral(from.toString(), numbers)},"endRate":${rateLiteral(to.toString(), numbers)},` +
          `"change":${rateLiteral(change.toString(), numbers)},` +
          `"changePct":${exactLiteral(percent.toFixed(), numbers)}}`
        );
      });
      return (
        `{"base":"${base}","start":"${start}","end":"${end}","startDay":"${first.day}","endDay":"${last.day}",` +
        `"timestamp":"${closeTimestamp(last.day)}","source":${HISTORY_SOURCE_JSON},"stale":false,"rates":{${rates.join(',')}}}`
      );
    },
  };
}
