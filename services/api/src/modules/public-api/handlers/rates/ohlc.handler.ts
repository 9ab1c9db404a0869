import { Type } from '@sinclair/typebox';
import {
  BAR_INTERVAL_MS,
  BAR_INTERVALS,
  BAR_MAX_SPAN_DAYS,
  ErrorCode,
  PLANS,
  type BarInterval,
  type NumbersFormat,
  type PlanBars,
  type PlanId,
} from '@fxrates/domain';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { AppException } from '../../../../common/errors';
import {
  CurrencyCode,
  CurrencyParameter,
  onlyParameters,
  optionalChoice,
  optionalCurrency,
  requiredCurrency,
  requiredString,
  type Query,
} from '../../../../common/input';
import { compileWriter, StringEnum } from '../../../../common/openapi';
import type { Bar, IntradayBars } from '../../../bars';
import { assertBarIntervalInPlan, assertCurrenciesInPlan } from '../../../plans';
import { CSV_MEDIA_TYPE, exportFormatOf, NDJSON_MEDIA_TYPE } from '../../export-format';
import { csvRecord, type RowFormat } from '../../export-rows';
import { EXPORT_VARY } from '../../export-answer';
import { EXPORT_HEADERS, FORMAT_PARAMETER } from '../../export.schemas';
import { DecimalField, NUMBERS_QUERY, numbersOf } from '../../numbers';
import { PLANS_NOTE } from '../../public-api.schemas';
import { PUBLIC_API_PREFIX, StreamedAnswer, type PublicRoute } from '../../public-route';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An instant with its offset: 2026-11-30T10:00Z, 2026-11-30T10:00:00.000+01:00. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const CSV_COLUMNS = ['t', 'base', 'symbol', 'open', 'high', 'low', 'close', 'ticks'] as const;

/** What each plan reads, in words, from the plan table. */
const PLAN_BARS_NOTE = Object.values(PLANS)
  .map(({ name, bars }) => {
    const reads = bars as PlanBars | null;
    return reads === null
      ? `${name}: none`
      : `${name}: ${reads.intervals.join(', ')} over the last ${reads.lookbackDays} days`;
  })
  .join('; ');

const SPAN_NOTE = BAR_INTERVALS.map((interval) => `${interval} ${BAR_MAX_SPAN_DAYS[interval]} days`).join(
  ', ',
);

const Instant = (description: string, example: string) =>
  Type.String({
    description: `${description}: an instant (ISO 8601 with its offset, e.g. \`${example}\`) or a day (YYYY-MM-DD, UTC)`,
    example,
  });

const QUERY = Type.Object({
  base: Type.Optional(CurrencyParameter('Base currency (default USD)', 'USD')),
  symbol: CurrencyParameter('The quoted currency', 'EUR'),
  interval: StringEnum(BAR_INTERVALS, { description: 'The bars’ width', example: '1h' }),
  start: Instant('The first bar starts at or after it (a day: its 00:00 UTC)', '2026-11-30'),
  end: Instant('The last bar starts before it (a day: the end of that day, UTC)', '2026-11-30'),
  format: Type.Optional(FORMAT_PARAMETER),
  ...NUMBERS_QUERY,
});

const BarSchema = Type.Object(
  {
    t: Type.String({ format: 'date-time', description: 'When the bar starts (UTC)' }),
    open: DecimalField('Units of `symbol` per 1 `base` at the first tick of the bar', 0.9174311927),
    high: DecimalField('The highest at one tick', 0.9191176471),
    low: DecimalField('The lowest at one tick', 0.9170000001),
    close: DecimalField('At the last tick', 0.918),
    ticks: Type.Integer({ description: 'Table versions (ticks) the bar is made of', example: 5 }),
  },
  { additionalProperties: false },
);

const Ohlc = Type.Object(
  {
    base: CurrencyCode('USD'),
    symbol: CurrencyCode('EUR'),
    interval: StringEnum(BAR_INTERVALS, { example: '1h' }),
    start: Type.String({ format: 'date-time', description: 'The start asked, as an instant' }),
    end: Type.String({ format: 'date-time', description: 'The end asked, as an instant (excluded)' }),
    bars: Type.Array(BarSchema, {
      description: 'Oldest first; a bar without any tick (no table published in it) is absent',
    }),
  },
  { $id: 'Ohlc', additionalProperties: false },
);
const writer = compileWriter(Ohlc);

const NDJSON_BAR = Type.Object(
  {
    t: Type.String({ format: 'date-time' }),
    base: Type.String({ example: 'USD' }),
    symbol: Type.String({ example: 'EUR' }),
    open: DecimalField('Open', 0.9174311927),
    high: DecimalField('High', 0.9191176471),
    low: DecimalField('Low', 0.9170000001),
    close: DecimalField('Close', 0.918),
    ticks: Type.Integer({ example: 5 }),
  },
  { $id: 'OhlcRow', additionalProperties: false, description: 'One line of the NDJSON body: one bar' },
);
const ndjsonWriter = compileWriter(NDJSON_BAR);

const CSV_BODY = Type.String({
  description: `RFC 4180 CSV, CRLF line ends: the header row \`${CSV_COLUMNS.join(',')}\`, then one row per bar, oldest first.`,
  example: `${CSV_COLUMNS.join(',')}\r\n2026-11-30T10:00:00.000Z,USD,EUR,0.9174311927,0.9191176471,0.9170000001,0.918,5\r\n`,
});

/** A bound of the range: an instant, or a day (its 00:00 UTC; as `end`, the next day's), else 400. */
function boundOf(value: string, name: 'start' | 'end'): number {
  if (DAY.test(value)) {
    const midnight = Date.parse(`${value}T00:00:00Z`);
    if (!Number.isNaN(midnight) && new Date(midnight).toISOString().slice(0, 10) === value)
      return name === 'end' ? midnight + DAY_MS : midnight;
  } else if (INSTANT.test(value)) {
    const instant = Date.parse(value);
    if (!Number.isNaN(instant)) return instant;
  }
  throw new AppException(
    ErrorCode.InvalidDate,
    `"${name}" must be an instant with its offset (2026-11-30T10:00:00Z) or a day (2026-11-30).`,
  );
}

interface OhlcQuery {
  base: string;
  symbol: string;
  interval: BarInterval;
  from: number;
  to: number;
  numbers: NumbersFormat;
}

/** The query checked and gated by the plan: every refusal before any read. */
function parseOhlcQuery(query: Query, plan: PlanId, now: number): OhlcQuery {
  onlyParameters(query, ['base', 'symbol', 'interval', 'start', 'end', 'format', 'numbers']);
  const base = optionalCurrency(query, 'base', 'USD');
  const symbol = requiredCurrency(query, 'symbol');
  requiredString(query, 'interval');
  const interval = optionalChoice(query, 'interval', BAR_INTERVALS, '1d');
  const from = boundOf(requiredString(query, 'start'), 'start');
  const to = boundOf(requiredString(query, 'end'), 'end');
  const numbers = numbersOf(query);
  if (base === symbol)
    throw new AppException(
      ErrorCode.ValidationFailed,
      `"base" and "symbol" are both ${base}: ask for a pair.`,
    );
  assertCurrenciesInPlan(plan, [base, symbol]);
  assertBarIntervalInPlan(plan, interval);
  if (to <= from) throw new AppException(ErrorCode.DateOutOfRange, '"end" must be after "start".');
  const maxDays = BAR_MAX_SPAN_DAYS[interval];
  if (to - from > maxDays * DAY_MS)
    throw new AppException(
      ErrorCode.DateOutOfRange,
      `At most ${maxDays} days of ${interval} bars per call; split the range or ask a coarser interval.`,
    );
  const { lookbackDays } = PLANS[plan].bars as PlanBars;
  const earliest = Math.floor(now / DAY_MS) * DAY_MS - lookbackDays * DAY_MS;
  if (from < earliest)
    throw new AppException(
      ErrorCode.DateOutOfRange,
      `"start" is before ${new Date(earliest).toISOString()}: your plan reads bars of the last ${lookbackDays} days.`,
    );
  // A bar is named by its start: a start inside a bar begins with the next one.
  const width = BAR_INTERVAL_MS[interval];
  return { base, symbol, interval, from: Math.ceil(from / width) * width, to, numbers };
}

/**
 * GET /api/v1/rates/ohlc?base&symbol&interval&start&end: the intraday bars of a pair (open, high,
 * low, close, ticks) at 1m, 5m, 1h or 1d, as JSON, CSV or NDJSON (`format`, or Accept). One metered
 * call. A cross pair's bars come from both currencies' values at the same table versions.
 */
export function ohlcRoute(bars: IntradayBars): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/rates/ohlc`,
    endpoint: 'ohlc',
    scope: 'history:read',
    metered: true,
    caching: { made: 'fixed', cacheControl: 'private, no-cache' },
    vary: EXPORT_VARY,
    writer,
    exports: (query, headers) => exportFormatOf(query, headers) !== 'json',
    schema: {
      operationId: 'getOhlc',
      summary: 'Intraday bars of a pair (Professional plan and up)',
      description: `Open, high, low and close of a pair per interval (\`1m\`, \`5m\`, \`1h\`, \`1d\`; bars start on whole minutes, hours and UTC days), with the number of rates-table versions (ticks) each is made of, from \`start\` (included) to \`end\` (excluded; a day as \`end\` includes that day). Every currency's bars are kept per USD from each published table; a pair without USD is computed from both currencies' values at the same tables, so its high is a rate that was in service, never one leg's high over the other's low. At most ${SPAN_NOTE} per call (longer: 400 \`date-out-of-range\`). What each plan reads — ${PLAN_BARS_NOTE}; an interval outside your plan is 403 \`plan-upgrade-required\` naming the plan that has it, a start before your plan's look-back 400 \`date-out-of-range\`. As JSON, or exported as CSV or NDJSON (\`format\`, or \`Accept\`), one row per bar. ${PLANS_NOTE}`,
      query: QUERY,
      body: Ohlc,
      alternateMedia: { [CSV_MEDIA_TYPE]: CSV_BODY, [NDJSON_MEDIA_TYPE]: NDJSON_BAR },
      ownHeaders: {
        Vary: EXPORT_HEADERS.Vary,
        'Content-Disposition': {
          description:
            'Exports: `attachment; filename="fxrates-ohlc-<base>-<symbol>-<interval>-<start day>.csv"` (`.ndjson` for NDJSON)',
          required: false,
          schema: { type: 'string' },
        },
      },
      problems: [
        ErrorCode.UnknownCurrency,
        ErrorCode.PlanUpgradeRequired,
        ErrorCode.InvalidDate,
        ErrorCode.DateOutOfRange,
        ErrorCode.MissingParameter,
        ErrorCode.NotAcceptable,
      ],
    },
    async handle({ query, key, now, headers }) {
      const format = exportFormatOf(query, headers);
      const asked = parseOhlcQuery(query, key.plan, now);
      const found = await bars.of(
        asked.base,
        asked.symbol,
        asked.interval,
        new Date(asked.from),
        new Date(asked.to),
      );
      if (format !== 'json') return exportAnswer(format, asked, found, headers);
      return writer.write(
        {
          base: asked.base,
          symbol: asked.symbol,
          interval: asked.interval,
          start: new Date(asked.from).toISOString(),
          end: new Date(asked.to).toISOString(),
          bars: found,
        },
        asked.numbers,
      );
    },
  };
}

/** The bars as CSV or NDJSON rows, read whole before the answer (a call holds at most a few thousand). */
function exportAnswer(
  format: RowFormat,
  asked: OhlcQuery,
  found: Bar[],
  headers: IncomingHttpHeaders,
): StreamedAnswer {
  void headers;
  const { base, symbol, interval, numbers } = asked;
  const text =
    format === 'csv'
      ? csvRecord(CSV_COLUMNS) +
        found
          .map((b) => csvRecord([b.t, base, symbol, b.open, b.high, b.low, b.close, String(b.ticks)]))
          .join('')
      : found.map((b) => `${ndjsonWriter.write({ ...b, base, symbol }, numbers)}\n`).join('');
  const day = new Date(asked.from).toISOString().slice(0, 10);
  return new StreamedAnswer(
    200,
    {
      'content-type':
        format === 'csv' ? `${CSV_MEDIA_TYPE}; charset=utf-8; header=present` : NDJSON_MEDIA_TYPE,
      'content-disposition': `attachment; filename="fxrates-ohlc-${base}-${symbol}-${interval}-${day}.${format}"`,
      'cache-control': 'private, no-cache',
      vary: EXPORT_VARY,
    },
    () => Readable.from([text]),
  );
}
