import { createHmac, timingSafeEqual } from 'node:crypto';

/** Domain separation: the verification key is derived from JWT_SECRET, never the secret itself. */
const KEY_LABEL = 'fxrates email verification v1';
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, id: string, email: string): Buffer {
  const key = createHmac('sha256', secret).update(KEY_LABEL).digest();
  return createHmac('sha256', key).update(`${id}\n${email.toLowerCase()}`).digest();
}

/**
 * The token of a verification link: the email_verifications row id and an HMAC-SHA-256 over it and
 * the address, under a key derived from JWT_SECRET. The API (to log it in development) and the worker
 * (to mail it) make it from the row; the database holds no secret that would verify an address.
 */
export function emailVerificationToken(secret: string, id: string, email: string): string {
  return `${id}.${mac(secret, id, email).toString('base64url')}`;
}

/** The row id a token names, or null when it is not a token's shape. The signature is checked apart. */
export function emailVerificationIdOf(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** True when `token` is the one we made for this row and address (constant time). */
export function isEmailVerificationToken(secret: string, token: string, id: string, email: string): boolean {
  const given = Buffer.from(token);
  const expected = Buffer.from(emailVerificationToken(secret, id, email));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page of the web app a verification link opens; the token rides in the fragment (never sent to a server). */
export function emailVerificationLink(webUrl: string, token: string): string {
  return `${webUrl}/dashboard/verify-email#token=${token}`;
}
