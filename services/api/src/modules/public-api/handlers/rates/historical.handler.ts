import { Type } from '@sinclair/typebox';
import { parameterNames } from '../../../../common/openapi';
import {
  onlyParameters,
  optionalCurrency,
  optionalCurrencyList,
  CurrencyCode,
  Day,
  DayParameter,
} from '../../../../common/input';
import {
  assertClosesHeld,
  closeRates,
  closeSources,
  closeTimestampOf,
  notInFuture,
  parseDay,
  sourcesInOrder,
  symbolsFor,
  type RateHistory,
} from '../../../history';
import { assertCurrenciesInPlan } from '../../../plans';
import {
  BASE_PARAMETER,
  CLOSES_SOURCE,
  HISTORY_PROBLEMS,
  HISTORY_SYMBOLS_PARAMETER,
  PLANS_NOTE,
  PROVENANCE,
  RatesMap,
  SYMBOL_CLOSES,
} from '../../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../../public-route';
import { NUMBERS_QUERY, numbersOf } from '../../numbers';
import { compileWriter } from '../../../../common/openapi';

const PARAMS = Type.Object({ date: DayParameter('The day, not in the future', '2024-03-15') });
const QUERY = Type.Object({
  base: Type.Optional(BASE_PARAMETER),
  symbols: Type.Optional(HISTORY_SYMBOLS_PARAMETER),
  ...NUMBERS_QUERY,
});
const PARAMETERS = parameterNames(QUERY);

const HistoricalRates = Type.Object(
  {
    base: CurrencyCode('USD'),
    date: PROVENANCE.date,
    carriedForwardFrom: Type.Optional(
      Day('When a close is older than the day (a weekend or holiday): the day of the oldest close used'),
    ),
    timestamp: PROVENANCE.timestamp,
    source: CLOSES_SOURCE,
    stale: PROVENANCE.stale,
    marketClosed: PROVENANCE.marketClosed,
    rates: RatesMap('Units of each currency per 1 base at the close, 10 significant digits', {
      EUR: 0.9174311927,
      GBP: 0.7804,
    }),
    sources: SYMBOL_CLOSES,
  },
  { $id: 'HistoricalRates', additionalProperties: false },
);
const writer = compileWriter(HistoricalRates);

/**
 * GET /api/v1/rates/historical/{YYYY-MM-DD}?base&symbols: the close of that day, or of the last
 * business day before it (`carriedForwardFrom`) on a weekend or holiday.
 */
export function historicalRoute(history: RateHistory): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/rates/historical/:date`,
    endpoint: 'historical',
    scope: 'history:read',
    metered: true,
    caching: { made: 'closes', lastDay: ({ params }) => params.date },
    writer,
    schema: {
      operationId: 'getHistoricalRates',
      summary: "A day's closing rates (Basic plan and up)",
      description: `Each currency's close of a day, from its preferred source (the ECB's fix first, then the central banks' via Frankfurter, then the exchanges' 00:00 UTC closes), re-based on \`base\`; \`sources\` names each close's source and day. A weekend or holiday answers with the last close before (\`carriedForwardFrom\`, \`marketClosed\`), within a week; a day we hold no close of a currency for is a 404 naming the range we hold. ${PLANS_NOTE}`,
      params: PARAMS,
      query: QUERY,
      body: HistoricalRates,
      problems: HISTORY_PROBLEMS,
    },
    async handle({ query, params, key, now }) {
      onlyParameters(query, PARAMETERS);
      const date = parseDay(params.date, 'date');
      notInFuture(date, 'date', now);
      const base = optionalCurrency(query, 'base', 'USD');
      const requested = optionalCurrencyList(query, 'symbols');
      const numbers = numbersOf(query);
      assertCurrenciesInPlan(key.plan, [base, ...(requested ?? [])]);
      const close = await history.closeOn(date);
      if (!close)
        throw await history.unavailable(
          requested ? [base, ...requested].find((c) => c !== 'USD') : undefined,
          date,
        );
      await assertClosesHeld(history, close, date, [base, ...(requested ?? [])]);
      const symbols = symbolsFor(close, base, requested, key.plan);
      const { closes: sources, used, oldest = close.day } = closeSources(close, [base, ...symbols]);
      // A weekend or holiday: the market was closed that day, and a close is from a day before.
      const carried = oldest !== date;
      return writer.write(
        {
          base,
          date,
          carriedForwardFrom: carried ? oldest : undefined,
          timestamp: closeTimestampOf(oldest, [...used], now),
          source: sourcesInOrder(used),
          stale: false,
          marketClosed: carried,
          rates: closeRates(close, base, symbols),
          sources,
        },
        numbers,
      );
    },
  };
}
