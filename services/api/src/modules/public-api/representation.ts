import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import { COMPRESS_ABOVE_BYTES, negotiateEncoding, type ContentEncoding } from '../../common/content-encoding';
import { ifNoneMatchHits, strongEtag } from '../../common/conditional-request';
import type { HttpAnswer } from '../../common/problem-reply';
import type { JsonBody } from './public-route';

/**
 * Brotli's quality 4 and gzip's level 6: a one-year series (37 KB) compresses in ~0.5 ms and
 * ~0.16 ms, to 2.6 KB and 3.6 KB; quality 11 would take 47 ms for 12 % less. Each representation
 * is compressed at most once per encoding (a memo or the closes cache keeps it), so this runs once
 * per second for a popular current answer and once per minute for a popular series.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };

/** Answers differ by key (its plan) and encoding: a shared cache must keep them apart. */
const VARY = 'Accept-Encoding, X-API-Key';

/**
 * One 200 body of /api/v1 with what conditional and compressed answers need: its strong ETag, its
 * Cache-Control, and its encoded forms once asked for. Memoised answers and the closes cache keep
 * the representation, so a repeated call costs neither a hash nor a compression.
 */
export class Representation {
  readonly etag: string;
  private readonly byteLength: number;
  private readonly encoded: Partial<Record<ContentEncoding, Buffer>> = {};

  constructor(
    readonly body: string | Buffer,
    readonly cacheControl: string,
  ) {
    this.etag = strongEtag(body);
    this.byteLength = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  }

  /** A representation of a handler's body; pooled bytes are copied out and given back at once. */
  static of(json: JsonBody, cacheControl: string): Representation {
    if (typeof json === 'string') return new Representation(json, cacheControl);
    const body = Buffer.from(json.bytes);
    json.release();
    return new Representation(body, cacheControl);
  }

  /**
   * The answer to a request: 304 when its If-None-Match names this representation, otherwise 200,
   * compressed when over 1 KB and the client accepts br or gzip. `headers` (the rate-limit headers
   * made for this call, if any) receives the others.
   */
  answer(request: IncomingHttpHeaders, headers: Record<string, string> = {}): HttpAnswer {
    headers.etag = this.etag;
    headers['cache-control'] = this.cacheControl;
    headers.vary = VARY;
    if (ifNoneMatchHits(request['if-none-match'], this.etag)) return { status: 304, headers, body: '' };
    headers['content-type'] = 'application/json; charset=utf-8';
    const encoding =
      this.byteLength > COMPRESS_ABOVE_BYTES ? negotiateEncoding(request['accept-encoding']) : null;
    if (encoding === null) return { status: 200, headers, body: this.body };
    headers['content-encoding'] = encoding;
    return { status: 200, headers, body: this.encodedAs(encoding) };
  }

  private encodedAs(encoding: ContentEncoding): Buffer {
    let bytes = this.encoded[encoding];
    if (bytes === undefined) {
      bytes = encoding === 'br' ? brotliCompressSync(this.body, BROTLI) : gzipSync(this.body, GZIP);
      this.encoded[encoding] = bytes;
    }
    return bytes;
  }
}
