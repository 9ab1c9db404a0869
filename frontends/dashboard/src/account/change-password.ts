import { ErrorCode, type ChangePasswordRequest } from '@fxrates/domain';
import { isApiError } from '@fxrates/web-kit';
import { EMPTY_NEW_PASSWORD, type NewPasswordValues } from '@fxrates/web-kit/forms';

/** The account page's Change Password section. */
export type ChangePasswordValues = ChangePasswordRequest & NewPasswordValues;

export const EMPTY_CHANGE_PASSWORD: ChangePasswordValues = { currentPassword: '', ...EMPTY_NEW_PASSWORD };

/** POST, below the API's base URL; 204 once changed. */
export const CHANGE_PASSWORD_API = '/auth/password';

export const CHANGE_PASSWORD_TEXTS = {
  title: 'Change Password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  change: 'Change Password',
  /** This sign-in stays; every other one of the account was ended by the API. */
  changed: 'Your password was changed. Other sessions were signed out.',
  changeFailed: 'Your password could not be changed. Please try again.',
  wrongCurrentPassword: 'Your current password is not correct.',
  tooManyAttempts: 'Too many attempts. Try again later.',
} as const;

/** Where a refusal is shown: under one of the fields, or above the form (`field` null). */
export interface ChangePasswordRefusal {
  field: keyof ChangePasswordValues | null;
  message: string;
}

/** The field each refusal of the API is about. */
const FIELD_OF: Partial<Record<string, keyof ChangePasswordValues>> = {
  [ErrorCode.WrongCurrentPassword]: 'currentPassword',
  [ErrorCode.WeakPassword]: 'password',
  [ErrorCode.PasswordTooLong]: 'password',
  [ErrorCode.PasswordsDoNotMatch]: 'confirmPassword',
};

/**
 * How a failed change is shown: a refused password under its field, in the API's words; a throttled
 * attempt (429, whose text says when to try again) and any other 400 above the form; a fault, no
 * answer or a lost sign-in (401, which the API client has already acted on) as "try again".
 */
export function changePasswordRefusal(error: unknown): ChangePasswordRefusal {
  if (!isApiError(error)) return { field: null, message: CHANGE_PASSWORD_TEXTS.changeFailed };
  const field = FIELD_OF[error.code] ?? null;
  if (field === 'currentPassword') {
    return { field, message: error.serverMessage ?? CHANGE_PASSWORD_TEXTS.wrongCurrentPassword };
  }
  if (error.status === 429) {
    return { field: null, message: error.serverMessage ?? CHANGE_PASSWORD_TEXTS.tooManyAttempts };
  }
  if (error.status === 400 && error.serverMessage) {
    return { field, message: error.serverMessage };
  }
  return { field: null, message: CHANGE_PASSWORD_TEXTS.changeFailed };
}
