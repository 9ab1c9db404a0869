import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import { COMPRESS_ABOVE_BYTES, negotiateEncoding, type ContentEncoding } from '../../common/content-encoding';
import { matchesIfNoneMatch, strongEtag } from '../../common/conditional-request';
import type { HttpAnswer } from '../../common/problem-reply';
import type { JsonBody, StreamedAnswer } from './public-route';

/**
 * Brotli's quality 4 and gzip's level 6: a one-year series (37 KB) compresses in ~0.5 ms and
 * ~0.16 ms, to 2.6 KB and 3.6 KB; quality 11 would take 47 ms for 12 % less. Each representation
 * is compressed at most once per encoding (a memo or the closes cache keeps it), so this runs once
 * per second for a popular current answer and once per minute for a popular series.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };

/** Answers differ by key (its plan) and encoding: a shared cache must keep them apart. */
export const DEFAULT_VARY = 'Accept-Encoding, X-API-Key';

/** What a route's answer is before it is sent: a representation of a JSON body, or a streamed export. */
export type Answerable = Representation | StreamedAnswer;

/** The ETag suffix of each encoded form: its bytes differ, so a strong validator must too. */
const ENCODED_TAG: Record<ContentEncoding, string> = { br: '-br', gzip: '-gz' };

/**
 * One 200 body of /api/v1 with what conditional and compressed answers need: its strong ETags (one
 * per encoding: `"<sha1>"`, `"<sha1>-br"`, `"<sha1>-gz"`), its Cache-Control, and its encoded forms
 * once asked for. Memoised answers and the closes cache keep the representation, so a repeated call
 * costs neither a hash nor a compression.
 */
export class Representation {
  /** The identity form's ETag. */
  readonly etag: string;
  private readonly byteLength: number;
  private readonly encoded: Partial<Record<ContentEncoding, Buffer>> = {};

  constructor(
    readonly body: string | Buffer,
    readonly cacheControl: string,
    private readonly vary = DEFAULT_VARY,
  ) {
    this.etag = strongEtag(body);
    this.byteLength = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  }

  /** A representation of a handler's body; pooled bytes are copied out and given back at once. */
  static of(json: JsonBody, cacheControl: string, vary?: string): Representation {
    if (typeof json === 'string') return new Representation(json, cacheControl, vary);
    const body = Buffer.from(json.bytes);
    json.release();
    return new Representation(body, cacheControl, vary);
  }

  /**
   * The answer to a request: compressed when over 1 KB and the client accepts br or gzip, and a 304
   * when its If-None-Match names any form of this body (a client that changed its Accept-Encoding
   * still holds the same data; the 304 names the form it would get now). `headers` (the rate-limit
   * headers made for this call, if any) receives the others.
   */
  answer(request: IncomingHttpHeaders, headers: Record<string, string> = {}): HttpAnswer {
    const encoding =
      this.byteLength > COMPRESS_ABOVE_BYTES ? negotiateEncoding(request['accept-encoding']) : null;
    headers.etag = encoding === null ? this.etag : this.etagOf(encoding);
    headers['cache-control'] = this.cacheControl;
    headers.vary = this.vary;
    const held = request['if-none-match'];
    if (held !== undefined && this.isNamedIn(held)) return { status: 304, headers, body: '' };
    headers['content-type'] = 'application/json; charset=utf-8';
    if (encoding === null) return { status: 200, headers, body: this.body };
    headers['content-encoding'] = encoding;
    return { status: 200, headers, body: this.encodedAs(encoding) };
  }

  private etagOf(encoding: ContentEncoding): string {
    return `${this.etag.slice(0, -1)}${ENCODED_TAG[encoding]}"`;
  }

  private isNamedIn(ifNoneMatch: string | string[]): boolean {
    return (
      matchesIfNoneMatch(ifNoneMatch, this.etag) ||
      matchesIfNoneMatch(ifNoneMatch, this.etagOf('br')) ||
      matchesIfNoneMatch(ifNoneMatch, this.etagOf('gzip'))
    );
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
