import { Type } from '@sinclair/typebox';
import type { HeaderObject } from '@nestjs/swagger';
import { StringEnum } from '../../common/route-schema';
import { NumbersParameter } from '../../common/query-params.schema';
import { CLOSED_PERIOD_CACHE_CONTROL, OPEN_PERIOD_CACHE_CONTROL } from './export-answer';
import { CSV_MEDIA_TYPE, EXPORT_FORMATS, NDJSON_MEDIA_TYPE } from './export-format';
import { EXPORT_COLUMNS } from './export-rows';
import { CLOSES_SOURCE, CLOSES_STALE } from './public-api.schemas';

/** The OpenAPI of a route's exports (CSV, NDJSON): its parameters, media types and headers. */

/** No example: a generated request (and the contract test's) asks for the JSON answer. */
export const FORMAT_PARAMETER = StringEnum(EXPORT_FORMATS, {
  default: 'json',
  description:
    'The answer as `json` (default), `csv` (RFC 4180, a header row) or `ndjson` (one JSON object a line): ' +
    'the same closes, one row per day and symbol, streamed. Wins over `Accept`, which may ask for ' +
    '`text/csv` or `application/x-ndjson` (`application/ndjson`) instead; an Accept allowing none of the three ' +
    'is 406 `not-acceptable`. Anything else is 400 `validation-failed`.',
});

export const EXPORT_NUMBERS_PARAMETER = Type.Unsafe<string>({
  ...NumbersParameter,
  description:
    "Exports only (the JSON answer refuses it): `number` (default) writes an NDJSON row's `rate` as a JSON number, " +
    '`string` as an exact decimal string. CSV is text either way. Anything else is 400 `validation-failed`.',
});

const CSV_HEADER = EXPORT_COLUMNS.join(',');

export const CSV_BODY = Type.String({
  description:
    `RFC 4180 CSV in UTF-8, CRLF line ends: the header row \`${CSV_HEADER}\`, then one row per business day ` +
    'and symbol, oldest first, symbols in the order of the JSON answer. `rate` is the decimal of the JSON answer, ' +
    'digit for digit; `source` the provider (`ecb`); `timestamp` when that close was published; `stale` and ' +
    '`marketClosed` always `false` (a close is final, and only business days are listed).',
  example: `${CSV_HEADER}\r\n2024-03-15,USD,EUR,0.9174311927,ecb,2024-03-15T15:00:00.000Z,false,false\r\n`,
});

export const NDJSON_ROW = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'The business day', example: '2024-03-15' }),
    base: Type.String({ description: 'Base currency', example: 'USD' }),
    symbol: Type.String({ description: 'Quoted currency', example: 'EUR' }),
    rate: Type.Union([Type.Number(), Type.String()], {
      description:
        'Units of `symbol` per 1 `base` at the close: a number, or a decimal string with `numbers=string`',
      example: 0.9174311927,
    }),
    source: CLOSES_SOURCE,
    timestamp: Type.String({ format: 'date-time', description: 'When this close was published' }),
    stale: CLOSES_STALE,
    marketClosed: Type.Boolean({ description: 'Always false: only business days are listed' }),
  },
  {
    $id: 'TimeSeriesRow',
    additionalProperties: false,
    description: 'One line of the NDJSON body (application/x-ndjson): one object per business day and symbol',
  },
);

/** The media types of the exports, beside the JSON answer. */
export const EXPORT_MEDIA = { [CSV_MEDIA_TYPE]: CSV_BODY, [NDJSON_MEDIA_TYPE]: NDJSON_ROW };

const optional = (description: string, schema: HeaderObject['schema']): HeaderObject => ({
  description,
  required: false,
  schema,
});

/** Headers of an export's 200 (and its 304); the JSON answer's Cache-Control stays `no-store`. */
export const EXPORT_HEADERS: Record<string, HeaderObject> = {
  'Cache-Control': {
    description:
      `\`no-store\` on the JSON answer (every call is metered). On an export: \`${CLOSED_PERIOD_CACHE_CONTROL}\` ` +
      `when the period ends before the last published close (final), else \`${OPEN_PERIOD_CACHE_CONTROL}\`. ` +
      "Private: a shared cache must not hand a key's export to anyone, nor answer for a key since disabled.",
    required: true,
    schema: { type: 'string', enum: ['no-store', CLOSED_PERIOD_CACHE_CONTROL, OPEN_PERIOD_CACHE_CONTROL] },
  },
  ETag: optional(
    'Exports: a strong entity-tag of this export (format, parameters, plan, compression, and the closes read); ' +
      'send it in If-None-Match to be answered 304 Not Modified (metered like a 200) while it holds',
    { type: 'string' },
  ),
  Vary: optional('Exports: `Accept, Accept-Encoding, X-API-Key`', { type: 'string' }),
  'Content-Disposition': optional(
    'Exports: `attachment; filename="fxrates-timeseries-<base>-<start>-<end>.csv"` (`.ndjson` for NDJSON)',
    { type: 'string' },
  ),
  'Content-Encoding': optional('Exports: `br` or `gzip` when Accept-Encoding allows it', {
    type: 'string',
    enum: ['br', 'gzip'],
  }),
};

export const EXPORT_NOT_MODIFIED =
  'Not Modified (exports only): If-None-Match holds the ETag of this export, so the copy you have is current. ' +
  'Metered like a 200; no body.';
