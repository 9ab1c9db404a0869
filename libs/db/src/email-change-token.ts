import { isSignedLinkToken, signedLinkIdOf, signedLinkToken } from './signed-link-token';

const KEY_LABEL = 'fxrates email change v1';

/** What an email-change link is bound to: the row, the new address and the one it replaces. */
export interface EmailChangeBinding {
  id: string;
  email: string;
  previousEmail: string;
}

const boundTo = (change: EmailChangeBinding) => [
  change.email.toLowerCase(),
  change.previousEmail.toLowerCase(),
];

/**
 * The token of the link mailed to a new address: the email_changes row id signed with the new
 * address and the one it replaces, under a key of its own (a reset or verification token is never one).
 */
export function emailChangeToken(secret: string, change: EmailChangeBinding): string {
  return signedLinkToken(KEY_LABEL, secret, change.id, boundTo(change));
}

/** The row id an email-change token names, or null when it is not a token's shape. */
export const emailChangeIdOf = signedLinkIdOf;

/** True when `token` is the one we made for this change (constant time). */
export function isEmailChangeToken(secret: string, token: string, change: EmailChangeBinding): boolean {
  return isSignedLinkToken(KEY_LABEL, secret, token, change.id, boundTo(change));
}

/** The page of the web app the link opens; the token rides in the fragment (never sent to a server). */
export function emailChangeLink(webUrl: string, token: string): string {
  return `${webUrl}/confirm-email#token=${token}`;
}
