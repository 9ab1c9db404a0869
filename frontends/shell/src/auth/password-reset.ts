import { ErrorCode } from '@fxrates/domain';
import { isApiError, linkTokenOf } from '@fxrates/web-kit';

/** The "Forgot password?" page, and the page the emailed link opens. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password';

/** The API's two calls, below its base URL; both answer 204. */
export const PASSWORD_RESET_API = {
  request: '/auth/password-reset',
  confirm: '/auth/password-reset/confirm',
} as const;

export const PASSWORD_RESET_TEXTS = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Forgot Your Password?',
  forgotDescription: "Enter your account's email address and we will email you a link to set a new password.",
  send: 'Send Reset Link',
  sending: 'Sending...',
  /** The same answer whether or not the address has an account: it never says which. */
  sent: (email: string) =>
    `If an account exists for ${email}, we've emailed a link to reset its password. It works once, for one hour.`,
  sendFailed: 'The reset link could not be sent. Try again.',
  backToSignIn: 'Back to sign in',
  rememberedIt: 'Remembered it?',
  signIn: 'Sign in',
  resetTitle: 'Set a New Password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  change: 'Change Password',
  changing: 'Changing Password...',
  changeFailed: 'Your password could not be changed. Try again.',
  noToken:
    'This page needs the link from your password reset email. Open the link in the email, or request a new one.',
  linkInvalid: 'This password reset link is not valid. Request a new one.',
  linkUsed: 'This password reset link was already used. Request a new one to reset your password again.',
  linkExpired: 'This password reset link has expired. Request a new one.',
  requestNewLink: 'Request a new link',
  /** Shown on /login after a reset: every earlier sign-in of the account has been revoked. */
  changed: 'Your password was changed. Sign in with your new password.',
} as const;

/**
 * The token of a reset link `…/reset-password#token=<token>`, from the page's fragment (which the
 * browser sends to no server), or null.
 */
export const resetTokenOf = linkTokenOf;

/** What the sign-in forms hand to /forgot-password: the address typed so far, if any. */
export interface ForgotPasswordState {
  email: string;
}

export function forgotPasswordState(email: string): ForgotPasswordState | undefined {
  const trimmed = email.trim();
  return trimmed ? { email: trimmed } : undefined;
}

/** The address a sign-in form handed over in the navigation state, else an empty one. */
export function emailOfForgotPasswordState(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email.trim() : '';
}

/** The navigation state with which a successful reset opens /login. */
export const PASSWORD_CHANGED_STATE = { passwordChanged: true } as const;

export function isPasswordChangedState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'passwordChanged' in state &&
    state.passwordChanged === true
  );
}

/** Refusals that pass with time: the server's text says when to try again. */
const RETRY_LATER = new Set<string>([
  ErrorCode.TooManyAttempts,
  ErrorCode.RateLimited,
  ErrorCode.ServiceUnavailable,
]);

/** The server's own text when it sent one (a 429's says when to try again), else the fallback. */
function serverTextOr(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}

/** The /forgot-password page's alert for a refused or failed request. */
export function forgotPasswordError(error: unknown): string {
  if (isApiError(error) && (RETRY_LATER.has(error.code) || error.status === 400)) {
    return serverTextOr(error, PASSWORD_RESET_TEXTS.sendFailed);
  }
  return PASSWORD_RESET_TEXTS.sendFailed;
}

/**
 * What the reset page does with a refusal: a link that cannot work any more asks for a new one
 * (the form goes); anything else is shown above the form, which stays for another try.
 */
export type ResetRefusal = { kind: 'request-new-link'; message: string } | { kind: 'retry'; message: string };

const LINK_REFUSALS: Readonly<Record<string, string>> = {
  [ErrorCode.ResetLinkInvalid]: PASSWORD_RESET_TEXTS.linkInvalid,
  [ErrorCode.ResetLinkUsed]: PASSWORD_RESET_TEXTS.linkUsed,
  [ErrorCode.ResetLinkExpired]: PASSWORD_RESET_TEXTS.linkExpired,
};

/** Refusals of the password itself: the server's text says what the password needs. */
const PASSWORD_REFUSALS = new Set<string>([
  ErrorCode.WeakPassword,
  ErrorCode.PasswordTooLong,
  ErrorCode.PasswordsDoNotMatch,
  ErrorCode.ValidationFailed,
]);

export function resetRefusalOf(error: unknown): ResetRefusal {
  const code = isApiError(error) ? error.code : undefined;
  if (code && Object.hasOwn(LINK_REFUSALS, code)) {
    return { kind: 'request-new-link', message: serverTextOr(error, LINK_REFUSALS[code]) };
  }
  if (code && (PASSWORD_REFUSALS.has(code) || RETRY_LATER.has(code))) {
    return { kind: 'retry', message: serverTextOr(error, PASSWORD_RESET_TEXTS.changeFailed) };
  }
  return { kind: 'retry', message: PASSWORD_RESET_TEXTS.changeFailed };
}
