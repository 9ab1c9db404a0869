import { createHmac, timingSafeEqual } from 'node:crypto';

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The token of an emailed link: a row id and an HMAC-SHA-256 over it and what the link is bound to
 * (`bound`: the address, and for a reset the password it replaces), under a key derived from
 * JWT_SECRET with the link's own label, so a token of one kind is never valid as another. The
 * database holds no secret that would make a link.
 */
export function signedLinkToken(label: string, secret: string, id: string, bound: readonly string[]): string {
  const key = createHmac('sha256', secret).update(label).digest();
  const mac = createHmac('sha256', key)
    .update([id, ...bound].join('\n'))
    .digest();
  return `${id}.${mac.toString('base64url')}`;
}

/** The row id a token names, or null when it is not a token's shape. The signature is checked apart. */
export function signedLinkIdOf(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** True when `token` is the one `signedLinkToken` makes for these inputs (constant time). */
export function isSignedLinkToken(
  label: string,
  secret: string,
  token: string,
  id: string,
  bound: readonly string[],
): boolean {
  const given = Buffer.from(token);
  const expected = Buffer.from(signedLinkToken(label, secret, id, bound));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
