import { Type } from '@sinclair/typebox';
import { ErrorCode, freshnessInWords, PLAN_IDS, PLANS, RATE_PROVIDER_IDS } from '@fxrates/domain';
import { CurrencyListParameter, CurrencyParameter, Day, DayParameter } from '../../common/input';
import { MAX_SERIES_DAYS } from '../history';
import { DecimalField, NUMBERS_QUERY } from './numbers';

/** The parts of the /api/v1 routes' schemas that several routes share. */

/** Provider names, one each: a list a client can test membership of, never a string to split. */
function Sources(description: string, example: string[]) {
  return Type.Array(Type.String(), { description, example, minItems: 1, uniqueItems: true });
}

/** Each plan's freshness promise, cheapest first: "free 24 h, basic 1 h, …". */
const FRESHNESS_PROMISES = PLAN_IDS.map(
  (plan) => `${plan} ${freshnessInWords(PLANS[plan].freshnessMs)}`,
).join(', ');

/** Where the rates of a current-rates answer come from, and how fresh they are. */
export const PROVENANCE = {
  timestamp: Type.String({
    format: 'date-time',
    description: 'When the source published the oldest rate involved',
  }),
  date: Day('Day the oldest rate involved belongs to'),
  source: Sources(
    `Where the rates come from: every source involved, in the table's order (${RATE_PROVIDER_IDS.join(', ')})`,
    ['ecb'],
  ),
  stale: Type.Boolean({
    description: `True when a rate involved is older than your plan's freshness promise (${FRESHNESS_PROMISES}) while its market is open`,
  }),
  marketClosed: Type.Boolean({
    description:
      "True when a fiat rate involved is its source's last publication before the weekend or holiday we are in (ECB publishes on TARGET business days): not stale, just the newest there is",
  }),
};

/** Where the closes of a history answer come from. */
export const CLOSES_SOURCE = Sources('Where the closes come from, in the order of precedence', ['ecb']);

/** A day as YYYY-MM-DD, or null (OpenAPI 3.0's `nullable`). */
export const NullableDay = (description: string) =>
  Type.Unsafe<string | null>({
    type: 'string',
    format: 'date',
    nullable: true,
    description,
    example: '2024-03-15',
  });

/** What a symbol of a time series covers when it misses days. */
export const SERIES_COVERAGE = Type.Object(
  {
    first: NullableDay('The first day with a rate in the period (null: none)'),
    last: NullableDay('The last day with a rate in the period (null: none)'),
    missing: Type.Array(Type.Object({ from: Day(), to: Day() }, { additionalProperties: false }), {
      description:
        'Runs of days with no close we hold, on the day or in the week before it (a weekend is not missing)',
    }),
  },
  { additionalProperties: false },
);

/** One close an answer uses: its source and its day. */
export const SYMBOL_CLOSE = Type.Object(
  { source: Type.String({ example: 'ecb' }), day: Day('The day of the close') },
  { additionalProperties: false },
);

/** `sources` of /historical: the close behind each currency of the answer. */
export const SYMBOL_CLOSES = Type.Object(
  {},
  {
    description:
      'Per currency of the answer (the base unless USD, then each symbol): the source of its close and the day it is from',
    additionalProperties: SYMBOL_CLOSE,
    example: { EUR: { source: 'ecb', day: '2024-03-15' }, BTC: { source: 'binance', day: '2024-03-15' } },
  },
);
/** `stale` of a history answer. */
export const CLOSES_STALE = Type.Boolean({ description: 'Always false: a close is final' });

/** Units of each currency per 1 base, by currency code. */
export function RatesMap(description: string, example: Record<string, number>) {
  return Type.Object(
    {},
    { additionalProperties: DecimalField('A rate', Object.values(example)[0]), description, example },
  );
}

export const BASE_PARAMETER = CurrencyParameter('Base currency (default USD)', 'USD');
export const FROM_PARAMETER = CurrencyParameter('Currency to convert from', 'USD');
export const TO_PARAMETER = CurrencyParameter('Currency to convert to', 'EUR');
export const HISTORY_SYMBOLS_PARAMETER = CurrencyListParameter(
  'Currencies to answer (default: every currency of the close in your plan)',
  ['EUR', 'GBP'],
);
/** The query of the period routes (history-query.ts `parsePeriodQuery`). */
export const PERIOD_QUERY = Type.Object({
  start: DayParameter('First day', '2024-03-01'),
  end: DayParameter(
    `Last day, at most ${MAX_SERIES_DAYS} days after start and not in the future`,
    '2024-03-31',
  ),
  base: Type.Optional(BASE_PARAMETER),
  symbols: Type.Optional(HISTORY_SYMBOLS_PARAMETER),
  ...NUMBERS_QUERY,
});

export const PLANS_NOTE =
  'A currency outside your plan is 403 `plan-upgrade-required`, naming the plan that includes it.';

/** What the current rates can be refused for: a currency outside the plan, a rate not in service. */
export const RATES_PROBLEMS = [
  ErrorCode.UnknownCurrency,
  ErrorCode.PlanUpgradeRequired,
  ErrorCode.RateUnavailable,
] as const;

/** What the history routes can be refused for. */
export const HISTORY_PROBLEMS = [
  ErrorCode.UnknownCurrency,
  ErrorCode.PlanUpgradeRequired,
  ErrorCode.InvalidDate,
  ErrorCode.DateOutOfRange,
  ErrorCode.HistoryUnavailable,
] as const;
