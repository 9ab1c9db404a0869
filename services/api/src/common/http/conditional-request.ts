import { hash } from 'node:crypto';

/*
 * Conditional requests (RFC 9110 §13): what a GET answered with a validator needs, whichever route
 * computes it.
 */

/**
 * A strong validator of a body: its SHA-1 in base64url, quoted. One-shot `crypto.hash` (Node 20.12)
 * costs ~0.6 µs on an answer of a few hundred bytes, a third of createHash's object and stream.
 */
export function strongEtag(body: string | Uint8Array): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

/** An entity-tag in a field value: optional weakness prefix, then the quoted opaque tag (commas allowed inside). */
const ENTITY_TAG = /\s*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/gy;

/** The opaque part of an entity-tag (`"abc"` of `W/"abc"`), or undefined when it is not one. */
function opaqueTag(etag: string): string | undefined {
  const match = /^(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")$/.exec(etag);
  return match?.[1];
}

/**
 * Whether an If-None-Match field value matches a representation's entity-tag (RFC 9110 §13.1.2):
 * `*` matches any representation; otherwise any listed tag whose opaque part equals the
 * representation's, by the weak comparison (`W/"a"` matches `"a"`). A GET it matches is answered
 * 304 Not Modified. A malformed value matches nothing: the full answer is never wrong.
 */
export function matchesIfNoneMatch(field: string | readonly string[] | undefined, etag: string): boolean {
  if (field === undefined) return false;
  const value = typeof field === 'string' ? field : field.join(',');
  if (value.trim() === '*') return true;
  const ours = opaqueTag(etag);
  if (ours === undefined) return false;
  const listed: string[] = [];
  ENTITY_TAG.lastIndex = 0;
  // Sticky: each tag must follow the last, so text between tags makes the whole field malformed.
  while (ENTITY_TAG.lastIndex < value.length) {
    const at = ENTITY_TAG.lastIndex;
    const match = ENTITY_TAG.exec(value);
    if (!match || ENTITY_TAG.lastIndex === at) return false;
    listed.push(match[1]);
  }
  return listed.includes(ours);
}
