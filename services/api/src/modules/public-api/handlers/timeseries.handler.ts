import { Type } from '@sinclair/typebox';
import { ErrorCode, type PlanId } from '@fxrates/domain';
import type { IncomingHttpHeaders } from 'node:http';
import type { Query } from '../../../common/query-params';
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
import type { CachePolicy } from '../cache-policy';
import { EXPORT_VARY, seriesExportAnswer } from '../export-answer';
import { exportFormatOf } from '../export-format';
import type { RowFormat } from '../export-rows';
import { EXPORT_HEADERS, EXPORT_MEDIA, FORMAT_PARAMETER } from '../export.schemas';
import { DecimalField } from '../numbers';
import {
  CLOSES_SOURCE,
  CLOSES_STALE,
  HISTORY_PROBLEMS,
  PERIOD_QUERY,
  PLANS_NOTE,
} from '../public-api.schemas';
import { PUBLIC_API_PREFIX, type PublicRoute, type StreamedAnswer } from '../public-route';

/**
 * The version of the JSON time series' layout, part of what its ETag is made of: **change it with
 * any change to what the answer writes**, or clients would keep an answer of the old layout.
 */
const SERIES_FORMAT = 'series-json-1';

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
  },
  { $id: 'TimeSeries', additionalProperties: false },
);

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
    metered: true,
    caching: { made: 'closes', lastDay: ({ query }) => String(query.end) },
    // The format may come from Accept: a cache must keep the JSON and the exports apart.
    vary: EXPORT_VARY,
    exports: (query, headers) => exportFormatOf(query, headers) !== 'json',
    schema: {
      operationId: 'getTimeSeries',
      summary: 'Daily closes over a period (Professional plan and up)',
      description: `Every business day's close from \`start\` to \`end\` (at most ${MAX_SERIES_DAYS} days), one metered call. Days without a publication are absent, never invented. As JSON, or exported as CSV or NDJSON (\`format\`, or \`Accept\`): one row per day and symbol with the same provenance, streamed, compressed per Accept-Encoding, with an ETag (If-None-Match → 304, metered). Every refusal comes as a problem before the first row. ${PLANS_NOTE}`,
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
      await assertHistoryCovers(history, end);
      const { members, last, versions } = await history.series(
        start,
        end,
        base,
        requested,
        key.plan,
        numbers,
      );
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
  await assertHistoryCovers(history, end);
  const table = await history.seriesTable(start, end, base, symbols, plan);
  if (table.last === undefined) throw noClosesBetween(start, end);
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
