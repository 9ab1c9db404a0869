import { ErrorCode } from '@fxrates/domain';
import Negotiator from 'negotiator';
import type { IncomingHttpHeaders } from 'node:http';
import { AppException } from '../../common/errors';
import { optionalChoice, type Query } from '../../common/input';

/** What a route that exports answers in: its JSON, or the same content as CSV or NDJSON rows. */
export type ExportFormat = 'json' | 'csv' | 'ndjson';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'csv', 'ndjson'];

export const CSV_MEDIA_TYPE = 'text/csv';
export const NDJSON_MEDIA_TYPE = 'application/x-ndjson';

/**
 * Media types as the Accept header names them, ours first so a tie (`*\/*`, no Accept) is JSON.
 * `application/ndjson` is the name without the `x-` some clients (and the NDJSON spec's authors) use.
 */
const FORMAT_BY_MEDIA_TYPE: Record<string, ExportFormat> = {
  'application/json': 'json',
  [CSV_MEDIA_TYPE]: 'csv',
  [NDJSON_MEDIA_TYPE]: 'ndjson',
  'application/ndjson': 'ndjson',
};
const MEDIA_TYPES = Object.keys(FORMAT_BY_MEDIA_TYPE);

/**
 * The format to answer in: `format=` when given (it wins over Accept, so a link or a tool that
 * cannot set headers still gets an export), else what Accept prefers (q-values and wildcards
 * honoured; none or `*\/*` is JSON). An Accept that allows none of them is 406 `not-acceptable`.
 */
export function exportFormatOf(query: Query, headers: IncomingHttpHeaders): ExportFormat {
  if (query.format !== undefined) return optionalChoice(query, 'format', EXPORT_FORMATS, 'json');
  const accept = headers.accept;
  // What nearly every JSON client sends, answered without parsing.
  if (accept === undefined || accept === '*/*' || accept === 'application/json' || accept.trim() === '') {
    return 'json';
  }
  const chosen = new Negotiator({ headers: { accept } }).mediaType(MEDIA_TYPES);
  if (chosen === undefined) {
    throw new AppException(
      ErrorCode.NotAcceptable,
      `This route answers in application/json, text/csv or application/x-ndjson; "Accept: ${accept.slice(0, 200)}" allows none of them. Send one of them in Accept, or ask with format=json, csv or ndjson.`,
    );
  }
  return FORMAT_BY_MEDIA_TYPE[chosen];
}
