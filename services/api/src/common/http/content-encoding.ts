import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

/** The encodings the API compresses with, best first: brotli is ~15 % smaller than gzip on our JSON. */
export type ContentEncoding = 'br' | 'gzip';

/** Bodies at or below this many bytes go uncompressed: the framing would outweigh the saving. */
export const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Accept-Encoding values repeat (each client library sends one), so the choice is remembered per
 * value; bounded, since a hostile client can send a new value with every call.
 */
const negotiator = new Negotiator<ContentEncoding>({
  supportedValues: ['br', 'gzip'],
  cache: new LRUCache<string, string>({ max: 256 }),
});

/**
 * The encoding to answer with for this Accept-Encoding header, or null for the identity: honours
 * q-values (`br;q=0`, `*;q=0`), prefers brotli on a tie.
 */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  if (acceptEncoding === undefined || acceptEncoding === '') return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  return negotiator.negotiate(header);
}
