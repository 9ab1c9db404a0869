import type { NumbersFormat, PlanId } from '@fxrates/domain';
import type { IncomingHttpHeaders } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { matchesIfNoneMatch, negotiateEncoding, type ContentEncoding } from '../../common/http';
import type { SeriesTable } from '../history';
import { exportEtag } from './export-etag';
import { CSV_MEDIA_TYPE, NDJSON_MEDIA_TYPE } from './export-format';
import { exportChunks, type RowFormat } from './export-rows';
import { StreamedAnswer } from './public-route';

/**
 * The answer depends on the format asked for (Accept), its compression and the key's plan. Keyed by
 * the API key too, so no cache hands one key's export to another.
 */
export const EXPORT_VARY = 'Accept, Accept-Encoding, X-API-Key';

const CONTENT_TYPE: Record<RowFormat, string> = {
  csv: `${CSV_MEDIA_TYPE}; charset=utf-8; header=present`,
  ndjson: NDJSON_MEDIA_TYPE,
};

/** What one export of a time series is made of. */
export interface SeriesExport {
  format: RowFormat;
  numbers: NumbersFormat;
  base: string;
  symbols: readonly string[] | undefined;
  start: string;
  end: string;
  plan: PlanId;
  /** Checked whole: every refusal has been thrown before this answer is made. */
  table: SeriesTable;
  /** How long it may be reused (CachePolicy.closes): as the JSON answer of the same period. */
  cacheControl: string;
  headers: IncomingHttpHeaders;
}

/**
 * The answer to an export, decided before a byte of it is produced: 304 when If-None-Match holds
 * its entity-tag, else a 200 whose rows are written as the connection takes them, compressed when
 * Accept-Encoding allows (brotli at quality 4, gzip at level 5: fast enough to keep up with the rows).
 */
export function seriesExportAnswer(request: SeriesExport): StreamedAnswer {
  const { format, numbers, base, symbols, start, end, plan, table, headers } = request;
  const encoding = negotiateEncoding(headers['accept-encoding']);
  const etag = exportEtag(
    { format, encoding: encoding ?? 'identity', base, symbols, start, end, plan, numbers },
    table.versions,
  );
  const validators: Record<string, string> = {
    etag,
    'cache-control': request.cacheControl,
    vary: EXPORT_VARY,
  };
  if (matchesIfNoneMatch(headers['if-none-match'], etag)) {
    return new StreamedAnswer(304, validators, () => Readable.from([]));
  }
  const extension = format === 'csv' ? 'csv' : 'ndjson';
  const own: Record<string, string> = {
    'content-type': CONTENT_TYPE[format],
    'content-disposition': `attachment; filename="fxrates-timeseries-${base}-${start}-${end}.${extension}"`,
    ...validators,
  };
  if (encoding) own['content-encoding'] = encoding;
  return new StreamedAnswer(200, own, () => {
    // Bytes, not strings as objects: the stream then buffers by size (16 KB) and waits for the
    // connection to drain before asking for more rows.
    const rows = Readable.from(exportChunks(table.days(), { format, base, numbers }), { objectMode: false });
    return encoding ? compressed(rows, encoding) : rows;
  });
}

/** `source` compressed; destroying the result (the client left) destroys the source too. */
function compressed(source: Readable, encoding: ContentEncoding): Readable {
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ level: 5 });
  // The error, if any, reaches whoever reads the compressor (it is destroyed with it): reported there.
  return pipeline(source, compressor, () => undefined);
}
