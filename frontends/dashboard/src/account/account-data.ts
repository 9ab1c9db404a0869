import { ErrorCode, type AccountExport } from '@fxrates/domain';
import { isApiError } from '@fxrates/web-kit';

/** "Leave and take your data": the API's calls, below its base URL. */
export const ACCOUNT_DATA_API = {
  /** GET: the file's content (JSON). */
  export: '/account/export',
  /** DELETE with `{ password, code? }`: 204 once the account is deleted. */
  delete: '/account',
} as const;

/** Where a deleted account's browser lands: the home page, which says the account was deleted. */
export const ACCOUNT_DELETED_HOME = '/?account=deleted';

export const ACCOUNT_DATA_TEXTS = {
  exportTitle: 'Your data',
  exportIntro:
    'Download a file (JSON) of everything we hold about your account: profile, subscription, API key details (never the keys), usage, payments, messages you sent us, your sessions and the audit log.',
  exportButton: 'Export my data',
  exportFailed: 'Your data could not be exported. Please try again.',
  exported: 'Your data was downloaded.',
  deleteTitle: 'Delete account',
  deleteIntro:
    'Deleting your account cancels your PayPal subscription, stops every API key at once, signs you out everywhere and erases your personal data. The record of your payments is kept for accounting, without your name or email address. This cannot be undone.',
  deleteButton: 'Delete account',
  dialogTitle: 'Delete your account?',
  dialogWarning:
    'Your subscription is cancelled, your API keys stop working now and you are signed out. This cannot be undone: export your data first if you want a copy.',
  password: 'Password',
  code: 'Two-factor code',
  codeHint: 'The code from your authenticator app.',
  confirm: 'Delete my account',
  cancel: 'Cancel',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  wrongPassword: 'Your current password is not correct.',
  codeRequired: 'Enter the code from your authenticator app.',
} as const;

/** The file's name: the day it was taken, as the API names the download. */
export function exportFileName(exportedAt: string): string {
  return `fxrates-export-${exportedAt.slice(0, 10)}.json`;
}

/** The file's content: the API's answer, indented to be read by a person too. */
export function exportFileText(data: AccountExport): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** Where a refused deletion is shown, and whether the code field must now appear. */
export interface DeleteRefusal {
  field: 'password' | 'code' | null;
  message: string;
  needsCode: boolean;
}

/**
 * How a refused deletion is shown: a wrong password under its field; a second factor asked for
 * (two-factor sign-in on) or refused under the code field, which then appears; a throttle (429) or
 * PayPal unreachable (502, nothing deleted) above the form in the API's words; anything else as
 * "try again".
 */
export function deleteRefusal(error: unknown): DeleteRefusal {
  const none = { field: null, message: ACCOUNT_DATA_TEXTS.deleteFailed, needsCode: false };
  if (!isApiError(error)) return none;
  if (error.code === ErrorCode.WrongCurrentPassword) {
    return {
      field: 'password',
      message: error.serverMessage ?? ACCOUNT_DATA_TEXTS.wrongPassword,
      needsCode: false,
    };
  }
  if (error.code === ErrorCode.SecondFactorRequired || error.code === ErrorCode.WrongTwoFactorCode) {
    return {
      field: 'code',
      message: error.serverMessage ?? ACCOUNT_DATA_TEXTS.codeRequired,
      needsCode: true,
    };
  }
  if ((error.status === 429 || error.status === 502 || error.status === 400) && error.serverMessage) {
    return { field: null, message: error.serverMessage, needsCode: false };
  }
  return none;
}
