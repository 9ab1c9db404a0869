import { onlyParameters, optionalCurrency, optionalCurrencyList } from '../../rates/query-params';
import {
  assertHistoryCovers,
  closeTimestamp,
  HISTORY_SOURCE,
  noCloseFor,
  notInFuture,
  parseDay,
  ratesJson,
  symbolsFor,
  type RateHistory,
} from '../../history';
import { assertCurrenciesInPlan } from '../../plans';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../public-route';

/**
 * GET /api/v1/rates/historical/{YYYY-MM-DD}?base&symbols: the close of that day, or of the last
 * business day before it (`carriedForwardFrom`) on a weekend or holiday.
 */
export function historicalRoute(history: RateHistory): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/rates/historical/:date`,
    endpoint: 'historical',
    metered: true,
    async handle({ query, params, key, now }) {
      onlyParameters(query, ['base', 'symbols']);
      const date = parseDay(params.date, 'date');
      notInFuture(date, 'date', now);
      const base = optionalCurrency(query, 'base', 'USD');
      const requested = optionalCurrencyList(query, 'symbols');
      assertCurrenciesInPlan(key.plan, [base, ...(requested ?? [])]);
      await assertHistoryCovers(history, date);
      const close = await history.closeOn(date);
      if (!close) throw noCloseFor('', date);
      const symbols = symbolsFor(close, base, requested, key.plan);
      const carried = close.day !== date ? `"carriedForwardFrom":"${close.day}",` : '';
      return (
        `{"base":"${base}","date":"${date}",${carried}"timestamp":"${closeTimestamp(close.day)}",` +
        `"source":"${HISTORY_SOURCE}","stale":false,"marketClosed":false,"rates":{${ratesJson(close, base, symbols)}}}`
      );
    },
  };
}
