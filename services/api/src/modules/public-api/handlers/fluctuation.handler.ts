import { displayRate, RateDecimal } from '@fxrates/rates';
import {
  assertHistoryCovers,
  closeRate,
  closeTimestamp,
  HISTORY_SOURCE,
  noCloseFor,
  parsePeriodQuery,
  symbolsFor,
  type RateHistory,
} from '../../history';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';

const PERCENT_DECIMALS = 4;

/**
 * GET /api/v1/rates/fluctuation?start&end&base&symbols: for each symbol the close on start and on
 * end (each carried forward from the last business day), the change and the change in percent.
 */
export function fluctuationRoute(history: RateHistory): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/rates/fluctuation`,
    endpoint: 'fluctuation',
    metered: true,
    async handle({ query, key, now }) {
      const { start, end, base, symbols: requested } = parsePeriodQuery(query, key.plan, now);
      await assertHistoryCovers(history, start);
      const [first, last] = await Promise.all([history.closeOn(start), history.closeOn(end)]);
      if (!first) throw noCloseFor('', start);
      if (!last) throw noCloseFor('', end);
      const rates = symbolsFor(last, base, requested, key.plan).map((code) => {
        const from = displayRate(closeRate(first, base, code));
        const to = displayRate(closeRate(last, base, code));
        const change = displayRate(to.minus(from));
        const percent = to
          .minus(from)
          .div(from)
          .mul(100)
          .toDecimalPlaces(PERCENT_DECIMALS, RateDecimal.ROUND_HALF_EVEN);
        return `"${code}":{"startRate":${from.toString()},"endRate":${to.toString()},"change":${change.toString()},"changePct":${percent.toString()}}`;
      });
      return (
        `{"base":"${base}","start":"${start}","end":"${end}","startDay":"${first.day}","endDay":"${last.day}",` +
        `"timestamp":"${closeTimestamp(last.day)}","source":"${HISTORY_SOURCE}","stale":false,"rates":{${rates.join(',')}}}`
      );
    },
  };
}
