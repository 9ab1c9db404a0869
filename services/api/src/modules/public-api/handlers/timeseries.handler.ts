import { Type } from '@sinclair/typebox';
import { ErrorCode } from '@fxrates/domain';
import { CurrencyCode, Day } from '../../../common/query-params.schema';
import {
  assertHistoryCovers,
  closeTimestamp,
  HISTORY_SOURCE_JSON,
  MAX_SERIES_DAYS,
  noClosesBetween,
  parsePeriodQuery,
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
import { DecimalField } from '../numbers';

const TimeSeries = Type.Object(
  {
    base: CurrencyCode('USD'),
    start: Day(),
    end: Day(),
    timestamp: Type.String({ format: 'date-time', description: 'When the last close was published' }),
    source: CLOSES_SOURCE,
    stale: CLOSES_STALE,
    rates: Type.Object(
      {},
      {
        description: 'One entry per business day (weekends and holidays are absent, never invented)',
        additionalProperties: Type.Object(
          {},
          { additionalProperties: DecimalField('A close', 0.9174311927) },
        ),
        example: { '2024-03-15': { EUR: 0.9174311927 }, '2024-03-18': { EUR: 0.9191176471 } },
      },
    ),
  },
  { $id: 'TimeSeries', additionalProperties: false },
);

/**
 * GET /api/v1/rates/timeseries?start&end&base&symbols: every close from start to end (at most 366
 * days), one metered call. Only business days appear: nothing is filled in. Built per call from
 * RateHistory's in-process years and memoised displayed rates (no query while they are fresh),
 * written as bytes into one Buffer.
 */
export function timeseriesRoute(history: RateHistory): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/rates/timeseries`,
    endpoint: 'timeseries',
    metered: true,
    caching: { made: 'closes', lastDay: ({ query }) => String(query.end) },
    schema: {
      operationId: 'getTimeSeries',
      summary: 'Daily closes over a period (Professional plan and up)',
      description: `Every business day's close from \`start\` to \`end\` (at most ${MAX_SERIES_DAYS} days), one metered call. Days without a publication are absent, never invented. ${PLANS_NOTE}`,
      query: PERIOD_QUERY,
      body: TimeSeries,
      problems: [...HISTORY_PROBLEMS, ErrorCode.MissingParameter],
    },
    async handle({ query, key, now }) {
      const { start, end, base, symbols: requested, numbers } = parsePeriodQuery(query, key.plan, now);
      await assertHistoryCovers(history, end);
      const { members, last } = await history.series(start, end, base, requested, key.plan, numbers);
      if (last === undefined) {
        // Not an empty 200, which would be metered: a period without a close is a day without one
        // (RateHistory refuses a period without business days; here no listed day had the base).
        members.discard();
        throw noClosesBetween(start, end);
      }
      const timestamp = `"timestamp":"${closeTimestamp(last)}",`;
      members.prepend(
        `{"base":"${base}","start":"${start}","end":"${end}",${timestamp}"source":${HISTORY_SOURCE_JSON},` +
          `"stale":false,"rates":{`,
      );
      members.text('}}');
      return members.result();
    },
  };
}
