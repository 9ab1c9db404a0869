import { AUTH_MESSAGES, ErrorCode, LOGIN_ERRORS, REGISTER_ERRORS } from '@fxrates/domain';
import { isApiError } from '@fxrates/web-kit';

type ErrorTable = Readonly<Record<string, string>> & { readonly other: string };

/** The table's text for the error's code, or its `other` text. */
function byCode(table: ErrorTable, error: unknown): string {
  const code = isApiError(error) ? error.code : undefined;
  return code && code !== 'other' && Object.hasOwn(table, code) ? table[code] : table.other;
}

/** The server's own message, else what went wrong on the way (network, timeout). */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Refusals that pass with time: the server's text says when to try again. */
const RETRY_LATER = new Set<string>([
  ErrorCode.TooManyAttempts,
  ErrorCode.RateLimited,
  ErrorCode.ServiceUnavailable,
]);

/**
 * A throttled sign-in or sign-up (too many attempts from this network, or too many being checked at
 * once), or one refused while a store restarts, has no text in the spec; the server's says when to
 * try again, which the generic "Please try again" does not.
 */
function retryLaterMessage(error: unknown): string | undefined {
  return isApiError(error) && RETRY_LATER.has(error.code) ? error.serverMessage : undefined;
}

/** The login dialog's text for a failed sign-in. */
export function loginDialogError(error: unknown): string {
  return retryLaterMessage(error) ?? byCode(LOGIN_ERRORS, error);
}

/** The register dialog's text for a failed sign-up. */
export function registerDialogError(error: unknown): string {
  return retryLaterMessage(error) ?? byCode(REGISTER_ERRORS, error);
}

export function isEmailAlreadyInUse(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.EmailAlreadyInUse;
}

/** The /login page's alert: "Failed to sign in: " and the server's message. */
export function loginPageError(error: unknown): string {
  return `${AUTH_MESSAGES.loginPagePrefix}${messageOf(error)}`;
}

/** The /register page's alert: "Failed to create account: " and the server's message. */
export function registerPageError(error: unknown): string {
  return `${AUTH_MESSAGES.registerPagePrefix}${messageOf(error)}`;
}
