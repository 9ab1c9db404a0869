import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import {
  COMPRESS_ABOVE_BYTES,
  negotiateEncoding,
  type ContentEncoding,
  matchesIfNoneMatch,
  strongEtag,
  type HttpAnswer,
} from '../../common/http';
import type { JsonBody, StreamedAnswer } from './public-route';

/**
 * A kept representation is compressed once per encoding (the memo or the closes cache keeps the
 * result), so it can afford brotli's quality 4 and gzip's level 6: a one-year, 10-symbol series of
 * 50 KB (ECB closes, 10 significant digits) in ~0.5 ms and ~1 ms, to ~15 KB and ~16 KB.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };
/**
 * One answered once is compressed for that call alone: the fastest settings, and a 64 KB window
 * rather than 4 MB, whose allocation per call cost more than the compression under load (docs/
 * performance.md); a one-year series (50 KB) comes out the same with 64 KB as with 256 KB, ~15 KB
 * in ~0.17 ms. Quality 0, ~25 % faster alone, measured no faster in the server, for 40 % more
 * bytes. On our JSON, brotli's quality 1 is smaller than gzip's level 6, at a fifth of its time.
 */
const oneOffBrotli = (bytes: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 1,
    [constants.BROTLI_PARAM_LGWIN]: 16,
    // Its size known, the encoder sizes its buffers once: ~0.12 ms for 36 KB instead of ~0.18.
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});
const ONE_OFF_GZIP = { level: 1 };

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
    /** Gives a pooled body back: a representation answered once, then forgotten (see `of`). */
    private release?: () => void,
    /** Text that determines the body entirely (PooledBytes.madeOf): hashed instead of the body. */
    madeOf?: string,
  ) {
    this.etag = strongEtag(madeOf ?? body);
    this.byteLength = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  }

  /**
   * A representation of a handler's body. One to be `kept` (memoised, cached) owns its bytes: pooled
   * ones are copied out and given back. One answered once keeps the pooled bytes until they are
   * sent (or `discard`ed): a series nobody asks for again costs no copy, and its compression is the
   * fast kind (one-off settings), as it serves a single call.
   */
  static of(json: JsonBody, cacheControl: string, vary: string | undefined, kept: boolean): Representation {
    if (typeof json === 'string') return new Representation(json, cacheControl, vary);
    if (!kept) return new Representation(json.bytes, cacheControl, vary, json.release, json.madeOf);
    const body = Buffer.from(json.bytes);
    json.release();
    return new Representation(body, cacheControl, vary, undefined, json.madeOf);
  }

  /** For a call refused after its answer was made (metering): a pooled body goes back unsent. */
  discard(): void {
    this.release?.();
    this.release = undefined;
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
    if (held !== undefined && this.isNamedIn(held)) {
      this.discard();
      return { status: 304, headers, body: '' };
    }
    headers['content-type'] = 'application/json; charset=utf-8';
    if (encoding === null) {
      const sent = this.release;
      this.release = undefined;
      return { status: 200, headers, body: this.body, sent };
    }
    headers['content-encoding'] = encoding;
    const encoded = this.encodedAs(encoding);
    this.discard();
    return { status: 200, headers, body: encoded };
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
    const kept = this.release === undefined;
    let bytes = this.encoded[encoding];
    if (bytes === undefined) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, kept ? BROTLI : oneOffBrotli(this.byteLength))
          : gzipSync(this.body, kept ? GZIP : ONE_OFF_GZIP);
      if (kept) this.encoded[encoding] = bytes;
    }
    return bytes;
  }
}
