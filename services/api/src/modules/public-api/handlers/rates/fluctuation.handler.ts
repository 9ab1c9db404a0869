import { Type } from '@sinclair/typebox';
import { ErrorCode } from '@fxrates/domain';
import { displayRate, RateDecimal } from '@fxrates/rates';
import { CurrencyCode, Day } from '../../../../common/input';
import {
  assertClosesHeld,
  closeRate,
  closeSources,
  closeTimestampOf,
  parsePeriodQuery,
  sourcesInOrder,
  symbolsFor,
  type RateHistory,
} from '../../../history';
import {
  CLOSES_SOURCE,
  CLOSES_STALE,
  HISTORY_PROBLEMS,
  PERIOD_QUERY,
  PLANS_NOTE,
  SYMBOL_CLOSE,
} from '../../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute } from '../../public-route';
import { DecimalField, ExactDecimalField } from '../../numbers';
import { compileWriter } from '../../../../common/openapi';

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
            changePct: ExactDecimalField('Change in percent, 4 decimals', 0.1838, true),
          },
          { additionalProperties: false },
        ),
      },
    ),
    sources: Type.Object(
      {},
      {
        description:
          'Per currency of the answer (the base unless USD, then each symbol): the close used at the start and at the end, each with its source and day',
        additionalProperties: Type.Object(
          { start: SYMBOL_CLOSE, end: SYMBOL_CLOSE },
          { additionalProperties: false },
        ),
      },
    ),
  },
  { $id: 'Fluctuation', additionalProperties: false },
);
const writer = compileWriter(Fluctuation);

/**
 * GET /api/v1/rates/fluctuation?start&end&base&symbols: for each symbol the close on start and on
 * end (each carried forward from the last business day), the change and the change in percent.
 */
export function fluctuationRoute(history: RateHistory): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/rates/fluctuation`,
    endpoint: 'fluctuation',
    scope: 'history:read',
    metered: true,
    caching: { made: 'closes', lastDay: ({ query }) => String(query.end) },
    writer,
    schema: {
      operationId: 'getFluctuation',
      summary: 'Change over a period (Professional plan and up)',
      description: `The closes at the start and end of a period (each carried forward from the last close within a week) and the change between them, absolute and in percent; \`sources\` names the source and day of each close used. ${PLANS_NOTE}`,
      query: PERIOD_QUERY,
      body: Fluctuation,
      problems: [...HISTORY_PROBLEMS, ErrorCode.MissingParameter],
    },
    async handle({ query, key, now }) {
      const { start, end, base, symbols: requested, numbers } = parsePeriodQuery(query, key.plan, now);
      const [first, last] = await Promise.all([history.closeOn(start), history.closeOn(end)]);
      const named = requested ? [base, ...requested].find((code) => code !== 'USD') : undefined;
      if (!first) throw await history.unavailable(named, start);
      if (!last) throw await history.unavailable(named, end);
      await assertClosesHeld(history, first, start, [base, ...(requested ?? [])]);
      await assertClosesHeld(history, last, end, [base, ...(requested ?? [])]);
      // Without symbols: those with a close at both ends.
      const symbols = symbolsFor(last, base, requested, key.plan).filter(
        (code) => code === 'USD' || first.perUsd.has(code),
      );
      const codes = [base, ...symbols].filter((code, i, all) => code !== 'USD' && all.indexOf(code) === i);
      const atStart = closeSources(first, codes);
      const atEnd = closeSources(last, codes);
      const sources = new Map(
        codes.map((code) => [code, { start: first.closes.get(code), end: last.closes.get(code) }]),
      );
      const rates = new Map<string, Record<string, string>>();
      for (const code of symbols) {
        const from = displayRate(closeRate(first, base, code));
        const to = displayRate(closeRate(last, base, code));
        const percent = to
          .minus(from)
          .div(from)
          .mul(100)
          .toDecimalPlaces(PERCENT_DECIMALS, RateDecimal.ROUND_HALF_EVEN);
        rates.set(code, {
          startRate: from.toString(),
          endRate: to.toString(),
          change: displayRate(to.minus(from)).toString(),
          changePct: percent.toFixed(),
        });
      }
      return writer.write(
        {
          base,
          start,
          end,
          startDay: atStart.oldest ?? first.day,
          endDay: atEnd.oldest ?? last.day,
          timestamp: closeTimestampOf(atEnd.oldest ?? last.day, [...atEnd.used], now),
          source: sourcesInOrder([...atStart.used, ...atEnd.used]),
          stale: false,
          rates,
          sources,
        },
        numbers,
      );
    },
  };
}
