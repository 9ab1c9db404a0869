import { linkTokenOf } from '@fxrates/web-kit';
import { ErrorCode } from '@fxrates/domain';

/** The dashboard's words about verifying the address (docs/decisions.md, "Sign-up verifies the address"). */
export const VERIFICATION_TEXTS = {
  bannerTitle: 'Verify your email address',
  bannerBody: (email: string) =>
    `We sent a link to ${email}. Open it to verify your address; until then you cannot create API keys. No email? Check your spam folder, or send it again.`,
  resend: 'Resend email',
  resendAgain: 'Send a new link',
  resent: (email: string) => `We sent a new link to ${email}. It may take a few minutes to arrive.`,
  resendFailed: 'The email could not be sent. Try again.',
  createKeyBlocked: 'Verify your email address to create API keys',
  pageTitle: 'Verify Email Address',
  verifying: 'Verifying your email address...',
  verified: 'Your email address is verified. You can now create API keys.',
  noToken:
    'This page needs the link from your verification email. Open the link in the email, or send a new one.',
  verifyFailed: 'Your email address could not be verified. Try again.',
  toDashboard: 'Go to your dashboard',
  retry: 'Try again',
} as const;

/** What the verification page offers after the API refused a link, by the API's code. */
export type VerificationOutcome =
  /** Nothing left to do: the address is verified (this link or another one was used). */
  | 'verified'
  /** The link cannot work (expired, not this account's, mangled): a new one can. */
  | 'send-new-link'
  /** No answer or a server fault: the same link may work on a second try. */
  | 'retry';

export function outcomeOfRefusal(code: string | undefined): VerificationOutcome {
  switch (code) {
    case ErrorCode.VerificationLinkUsed:
    case ErrorCode.EmailAlreadyVerified:
      return 'verified';
    case ErrorCode.VerificationLinkExpired:
    case ErrorCode.VerificationLinkInvalid:
    case ErrorCode.ValidationFailed:
      return 'send-new-link';
    default:
      return 'retry';
  }
}

/**
 * The token of a verification link `…/dashboard/verify-email#token=<token>`, from the page's
 * fragment (which the browser never sends to a server), or null.
 */
export const verificationTokenOf = linkTokenOf;
