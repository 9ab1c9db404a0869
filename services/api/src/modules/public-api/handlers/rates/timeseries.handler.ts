import { Type } from '@sinclair/typebox';
import { ErrorCode, type NumbersFormat, type PlanId } from '@fxrates/domain';
import type { IncomingHttpHeaders } from 'node:http';
import { type Query, CurrencyCode, Day } from '../../../../common/input';
import { compileWriter } from '../../../../common/openapi';
import {
  closeTimestampOf,
  MAX_SERIES_DAYS,
  parsePeriodQuery,
  type RateHistory,
  type SeriesProvenance,
} from '../../../history';
import type { CachePolicy } from '../../cache-policy';
import { EXPORT_VARY, seriesExportAnswer } from '../../export-answer';
import { exportFormatOf } from '../../export-format';
import type { RowFormat } from '../../export-rows';
import { EXPORT_HEADERS, EXPORT_MEDIA, FORMAT_PARAMETER } from '../../export.schemas';
import { DecimalField } from '../../numbers';
import {
  CLOSES_SOURCE,
  CLOSES_STALE,
  HISTORY_PROBLEMS,
  PERIOD_QUERY,
  PLANS_NOTE,
  SERIES_COVERAGE,
} from '../../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute, type StreamedAnswer } from '../../public-route';

/**
 * The version of the JSON time series' layout, part of what its ETag is made of: **change it with
 * any change to what the answer writes**, or clients would keep an answer of the old layout.
 */
const SERIES_FORMAT = 'series-json-2';

/** Beyond the period's parameters: `format` (json, csv, ndjson). */
const OWN_PARAMETERS = ['format'];

const QUERY = Type.Object({ ...PERIOD_QUERY.properties, format: Type.Optional(FORMAT_PARAMETER) });

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
    sources: Type.Object(
      {},
      {
        description:
          "Per currency of the series (the base unless USD, then each symbol): its closes' sources, as runs of days from one source each",
        additionalProperties: Type.Array(
          Type.Object(
            { source: Type.String({ example: 'ecb' }), from: Day(), to: Day() },
            { additionalProperties: false },
          ),
        ),
        example: { EUR: [{ source: 'ecb', from: '2024-03-15', to: '2024-03-18' }] },
      },
    ),
    complete: Type.Boolean({
      description:
        'Whether every symbol has a rate on every day of the period or within the week before it (weekends and holidays); false: `coverage` says what is missing',
    }),
    coverage: Type.Optional(
      Type.Object(
        {},
        {
          description:
            'Only when `complete` is false: per symbol missing days, the first and last day it has a rate (null: none) and the runs of days we hold no close for',
          additionalProperties: SERIES_COVERAGE,
        },
      ),
    ),
  },
  { $id: 'TimeSeries', additionalProperties: false },
);

const writer = compileWriter(TimeSeries);

/** What a JSON series says before its rates. */
export interface SeriesHead {
  base: string;
  start: string;
  end: string;
  timestamp: string;
}

/**
 * The JSON series around its rates' members (`"day":{…},…`, written as bytes by RateHistory): the
 * text up to and with the rates' `{`, and from their `}` on: the provenance, run by run, and the
 * coverage of the symbols missing days.
 */
export function seriesJsonAround(
  head: SeriesHead,
  { sources, spans, gaps }: SeriesProvenance,
  numbers: NumbersFormat,
): [string, string] {
  const complete = gaps.size === 0;
  const [before, after] = writer.around(
    {
      ...head,
      source: sources,
      stale: false,
      sources: spans,
      complete,
      coverage: complete ? undefined : gaps,
    },
    'rates',
    numbers,
  );
  return [`${before}{`, `}${after}`];
}

/**
 * GET /api/v1/rates/timeseries?start&end&base&symbols: every close from start to end (at most 366
 * days), one metered call. Only business days appear: nothing is filled in. Built per call from
 * RateHistory's in-process years and memoised displayed rates (no query while they are fresh),
 * written as bytes into one Buffer; or, asked for CSV or NDJSON, streamed row by row.
 */
export function timeseriesRoute(history: RateHistory, policy: CachePolicy): PublicRoute {
  return {
    path: `${PUBLIC_API_PREFIX}/rates/timeseries`,
    endpoint: 'timeseries',
    scope: 'history:read',
    metered: true,
    caching: { made: 'closes', lastDay: ({ query }) => String(query.end) },
    // The format may come from Accept: a cache must keep the JSON and the exports apart.
    vary: EXPORT_VARY,
    writer,
    exports: (query, headers) => exportFormatOf(query, headers) !== 'json',
    schema: {
      operationId: 'getTimeSeries',
      summary: 'Daily closes over a period (Professional plan and up)',
      description: `Every close from \`start\` to \`end\` (at most ${MAX_SERIES_DAYS} days), one metered call, each currency's from its preferred source (\`sources\`, run by run). Days without a publication are absent, never invented; a symbol is listed on the days it has a rate. A series that cannot cover the whole period says so: \`complete\` false, and per symbol its first and last day and the days missing (\`coverage\`). As JSON, or exported as CSV or NDJSON (\`format\`, or \`Accept\`): one row per day and symbol with the same provenance, streamed, compressed per Accept-Encoding, with an ETag (If-None-Match → 304, metered). Every refusal comes as a problem before the first row. ${PLANS_NOTE}`,
      query: QUERY,
      body: TimeSeries,
      alternateMedia: EXPORT_MEDIA,
      ownHeaders: EXPORT_HEADERS,
      problems: [...HISTORY_PROBLEMS, ErrorCode.MissingParameter, ErrorCode.NotAcceptable],
    },
    async handle({ query, key, now, headers, target }) {
      const format = exportFormatOf(query, headers);
      if (format !== 'json') return exportAnswer(history, policy, format, query, key.plan, now, headers);
      const {
        start,
        end,
        base,
        symbols: requested,
        numbers,
      } = parsePeriodQuery(query, key.plan, now, OWN_PARAMETERS);
      const { members, last, versions, provenance } = await history.series(
        start,
        end,
        base,
        requested,
        key.plan,
        numbers,
      );
      if (last === undefined) {
        // Not an empty 200, which would be metered: a period without a rate is a 404 naming what we
        // hold (RateHistory refuses a period without closes; here no day had the base and a symbol).
        members.discard();
        throw await history.unavailable(base === 'USD' ? requested?.[0] : base, end);
      }
      const timestamp = closeTimestampOf(last, provenance.sources, now);
      const [before, after] = seriesJsonAround({ base, start, end, timestamp }, provenance, numbers);
      members.prepend(before);
      members.text(after);
      // The body is a function of the query (the target), the plan (the default symbols) and the
      // years' rows: their fingerprints name it across instances without hashing ~40 KB per call.
      return { ...members.result(), madeOf: `${SERIES_FORMAT}|${key.plan}|${target}|${versions.join(',')}` };
    },
  };
}

/** The time series as CSV or NDJSON rows: every refusal is thrown here, before a row is written. */
async function exportAnswer(
  history: RateHistory,
  policy: CachePolicy,
  format: RowFormat,
  query: Query,
  plan: PlanId,
  now: number,
  headers: IncomingHttpHeaders,
): Promise<StreamedAnswer> {
  const { start, end, base, symbols, numbers } = parsePeriodQuery(query, plan, now, OWN_PARAMETERS);
  const table = await history.seriesTable(start, end, base, symbols, plan);
  if (table.last === undefined) throw await history.unavailable(base === 'USD' ? symbols?.[0] : base, end);
  return seriesExportAnswer({
    format,
    numbers,
    base,
    symbols,
    start,
    end,
    plan,
    table,
    cacheControl: await policy.closes(end, now),
    headers,
  });
}
