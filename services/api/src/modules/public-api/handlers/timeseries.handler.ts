import {
  assertHistoryCovers,
  closeTimestamp,
  HISTORY_SOURCE,
  parsePeriodQuery,
  type RateHistory,
} from '../../history';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';

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
    async handle({ query, key, now }) {
      const { start, end, base, symbols: requested } = parsePeriodQuery(query, key.plan, now);
      await assertHistoryCovers(history, end);
      const { members, last } = await history.series(start, end, base, requested, key.plan);
      const timestamp = last ? `"timestamp":"${closeTimestamp(last)}",` : '';
      members.prepend(
        `{"base":"${base}","start":"${start}","end":"${end}",${timestamp}"source":"${HISTORY_SOURCE}",` +
          `"stale":false,"rates":{`,
      );
      members.text('}}');
      return members.result();
    },
  };
}
