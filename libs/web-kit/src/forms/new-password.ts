import { REGISTER_ERRORS } from '@fxrates/domain';

/**
 * A new password, twice: at registration, when a reset link sets one and when the
 * account page changes it.
 */
export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export const EMPTY_NEW_PASSWORD: NewPasswordValues = { password: '', confirmPassword: '' };

/**
 * A mismatch is reported as "Passwords do not match" and nothing is sent. The password's
 * length is the server's rule (its answer says what is missing). Written out rather than with
 * @mantine/form's `matchesField`: this module is bundled into each app that imports it (see
 * ./index.ts), and a remote declares only the shared names its own sources import.
 */
export const NEW_PASSWORD_RULES = {
  confirmPassword: (confirmPassword: string, values: NewPasswordValues): string | null =>
    confirmPassword === values.password ? null : REGISTER_ERRORS['passwords-do-not-match'],
};
