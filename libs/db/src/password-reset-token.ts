import { isSignedLinkToken, signedLinkIdOf, signedLinkToken } from './signed-link-token';

const KEY_LABEL = 'fxrates password reset v1';

/**
 * The token of a password-reset link: the password_resets row id signed with the address it was
 * sent to. A reset marks every outstanding link of the account used, so a link dies once any of them
 * (or a later password change) has set a new password.
 */
export function passwordResetToken(secret: string, id: string, email: string): string {
  return signedLinkToken(KEY_LABEL, secret, id, [email.toLowerCase()]);
}

/** The row id a reset token names, or null when it is not a token's shape. */
export const passwordResetIdOf = signedLinkIdOf;

/** True when `token` is the one we made for this row and address (constant time). */
export function isPasswordResetToken(secret: string, token: string, id: string, email: string): boolean {
  return isSignedLinkToken(KEY_LABEL, secret, token, id, [email.toLowerCase()]);
}

/** The page of the web app a reset link opens; the token rides in the fragment (never sent to a server). */
export function passwordResetLink(webUrl: string, token: string): string {
  return `${webUrl}/reset-password#token=${token}`;
}
