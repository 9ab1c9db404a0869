import { ErrorCode } from '@fxrates/domain';
import { isApiError } from '@fxrates/web-kit';

/** The account page's Two-factor authentication section. */
export const TWO_FACTOR_API = {
  status: '/account/two-factor',
  start: '/account/two-factor',
  confirm: '/account/two-factor/confirm',
  disable: '/account/two-factor/disable',
  recoveryCodes: '/account/two-factor/recovery-codes',
} as const;

export const TWO_FACTOR_SETTINGS_TEXTS = {
  title: 'Two-factor authentication',
  off: 'Add a second step to signing in: a code from an authenticator app on your phone, such as Google Authenticator, 1Password or Authy.',
  setUp: 'Set up',
  scan: 'Scan this QR code with your authenticator app, then enter the 6-digit code it shows.',
  manual: "Can't scan it? Enter this key in the app instead:",
  turnOn: 'Turn on',
  cancel: 'Cancel',
  recoveryTitle: 'Save your recovery codes',
  recoveryHelp:
    'Each code signs you in once if you lose your phone. Keep them somewhere safe: they will not be shown again.',
  copy: 'Copy codes',
  copied: 'Copied',
  download: 'Download',
  done: "I've saved them",
  turnOff: 'Turn off',
  turnOffHelp:
    'Enter your password and a code from your authenticator app to turn two-factor authentication off.',
  password: 'Password',
  newCodes: 'New recovery codes',
  newCodesHelp:
    'Ten new codes replace the ones you have: the old ones stop working. Enter a code from your authenticator app to confirm.',
  replace: 'Replace codes',
  loadFailed: 'Two-factor authentication settings could not be loaded.',
  failed: 'That did not work. Please try again.',
} as const;

/** "On since 29 November 2026. 9 recovery codes left." */
export function twoFactorOnSummary(
  enabledAt: string,
  recoveryCodesLeft: number,
  formatDate: (iso: string) => string,
): string {
  const codes = `${recoveryCodesLeft} recovery code${recoveryCodesLeft === 1 ? '' : 's'} left`;
  return `On since ${formatDate(enabledAt)}. ${codes}.`;
}

/** The file "Download" saves: the codes one per line, with what they are. */
export function recoveryCodesFile(codes: readonly string[], email: string): string {
  return [
    `FXRates Pro recovery codes for ${email}`,
    'Each code works once, in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Where a refusal is shown: under the password, under the code, or above the form. */
export interface TwoFactorRefusal {
  field: 'password' | 'code' | null;
  message: string;
}

/**
 * A wrong password or code under its field in the API's words; a throttled attempt or any other
 * refusal with a message above the form; no answer or a fault as "try again".
 */
export function twoFactorRefusal(error: unknown): TwoFactorRefusal {
  if (!isApiError(error) || !error.serverMessage)
    return { field: null, message: TWO_FACTOR_SETTINGS_TEXTS.failed };
  if (error.code === ErrorCode.WrongCurrentPassword)
    return { field: 'password', message: error.serverMessage };
  if (error.code === ErrorCode.WrongTwoFactorCode) return { field: 'code', message: error.serverMessage };
  if (error.status >= 500) return { field: null, message: TWO_FACTOR_SETTINGS_TEXTS.failed };
  return { field: null, message: error.serverMessage };
}
