import { isSignedLinkToken, signedLinkIdOf, signedLinkToken } from './signed-link-token';

/** Domain separation: the verification key is derived from JWT_SECRET, never the secret itself. */
const KEY_LABEL = 'fxrates email verification v1';

/**
 * The token of a verification link: the email_verifications row id signed with the address it was
 * sent to. The API (to log it in development) and the worker (to mail it) make it from the row.
 */
export function emailVerificationToken(secret: string, id: string, email: string): string {
  return signedLinkToken(KEY_LABEL, secret, id, [email.toLowerCase()]);
}

/** The row id a token names, or null when it is not a token's shape. The signature is checked apart. */
export const emailVerificationIdOf = signedLinkIdOf;

/** True when `token` is the one we made for this row and address (constant time). */
export function isEmailVerificationToken(secret: string, token: string, id: string, email: string): boolean {
  return isSignedLinkToken(KEY_LABEL, secret, token, id, [email.toLowerCase()]);
}

/** The page of the web app a verification link opens; the token rides in the fragment (never sent to a server). */
export function emailVerificationLink(webUrl: string, token: string): string {
  return `${webUrl}/dashboard/verify-email#token=${token}`;
}
