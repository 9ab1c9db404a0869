import { Type } from '@sinclair/typebox';
import type { HeaderObject } from '@nestjs/swagger';
import { StringEnum } from '../../common/openapi';
import { EXPORT_VARY } from './export-answer';
import { CSV_MEDIA_TYPE, EXPORT_FORMATS, NDJSON_MEDIA_TYPE } from './export-format';
import { EXPORT_COLUMNS } from './export-rows';
import { NDJSON_ROW } from './ndjson-row.schema';

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

const CSV_HEADER = EXPORT_COLUMNS.join(',');

export const CSV_BODY = Type.String({
  description:
    `RFC 4180 CSV in UTF-8, CRLF line ends: the header row \`${CSV_HEADER}\`, then one row per day listed ` +
    '(a day a source published: business days for fiat, every day for crypto) and symbol, oldest first, symbols ' +
    'in the order of the JSON answer. `rate` is the decimal of the JSON answer, digit for digit; `source` the ' +
    "sources of the row's closes, the base's (unless USD) and the symbol's, space-separated (`ecb binance`); " +
    '`timestamp` when that close was published; `stale` and `marketClosed` always `false` (a close is final, and ' +
    'only days a source published are listed).',
  example: `${CSV_HEADER}\r\n2024-03-15,USD,EUR,0.9174311927,ecb,2024-03-15T15:00:00.000Z,false,false\r\n`,
});

/** The media types of the exports, beside the JSON answer. */
export const EXPORT_MEDIA = { [CSV_MEDIA_TYPE]: CSV_BODY, [NDJSON_MEDIA_TYPE]: NDJSON_ROW };

/**
 * Headers of this route alone: Vary names Accept too (the format may come from it), and an export
 * carries its file name. Cache-Control, ETag and Content-Encoding are those of every /api/v1 answer.
 */
export const EXPORT_HEADERS: Record<string, HeaderObject> = {
  Vary: {
    description: `\`${EXPORT_VARY}\`: the answer depends on your key (its plan), the format Accept asks for and Accept-Encoding`,
    required: true,
    schema: { type: 'string', enum: [EXPORT_VARY] },
  },
  'Content-Disposition': {
    description:
      'Exports: `attachment; filename="fxrates-timeseries-<base>-<start>-<end>.csv"` (`.ndjson` for NDJSON)',
    required: false,
    schema: { type: 'string' },
  },
};
