import { ErrorCode } from '@fxrates/domain';
import { isApiError } from '@fxrates/web-kit';

/** The page the link mailed to a new address opens (change email). */
export const CONFIRM_EMAIL_PATH = '/confirm-email';

/** The API's calls, below its base URL. */
export const EMAIL_CHANGE_API = {
  status: '/account/email',
  request: '/account/email',
  confirm: '/account/email/confirm',
} as const;

export const EMAIL_CHANGE_TEXTS = {
  sectionTitle: 'Change email',
  currentAddress: (email: string) =>
    `You sign in with ${email}. We email a link to the new address; your address changes only when you open it.`,
  newEmail: 'New email address',
  currentPassword: 'Current password',
  submit: 'Change email',
  submitting: 'Sending link...',
  sent: (email: string) => `We sent a link to ${email}. Your address changes when you open it.`,
  requestFailed: 'The link could not be sent. Try again.',
  pageTitle: 'Confirm Email Address',
  confirmed: (email: string) =>
    `Your email address is now ${email}. Every sign-in of your account has ended: sign in again with your new address.`,
  signInAgain: 'Sign in with your new address',
  noToken:
    'This page needs the link we emailed to your new address. Open the link in that email, or ask for a new one from your account page.',
  confirmFailed: 'Your email address could not be changed. Try again.',
  toAccount: 'Go to your account page',
  retry: 'Try again',
} as const;

/** What the confirm page offers after a refusal: the account page for a new link, or the same again. */
export type ConfirmRefusal = 'ask-again' | 'retry';

/** Refusals that no second try of the same link can turn: a new link, from the account page, can. */
const ASK_AGAIN = new Set<string>([
  ErrorCode.EmailChangeLinkInvalid,
  ErrorCode.EmailChangeLinkUsed,
  ErrorCode.EmailChangeLinkExpired,
  ErrorCode.EmailAlreadyInUse,
  ErrorCode.ValidationFailed,
]);

export function confirmRefusalOf(error: unknown): ConfirmRefusal {
  return isApiError(error) && ASK_AGAIN.has(error.code) ? 'ask-again' : 'retry';
}
