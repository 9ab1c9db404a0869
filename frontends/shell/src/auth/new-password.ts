import { REGISTER_ERRORS } from '@fxrates/domain';
import { matchesField } from '@mantine/form';

/** A new password, twice: at registration and when a reset link sets one (issue 32 §1). */
export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export const EMPTY_NEW_PASSWORD: NewPasswordValues = { password: '', confirmPassword: '' };

/**
 * Spec §5: a mismatch is reported as "Passwords do not match" and nothing is sent. The password's
 * length is the server's rule (its answer says what is missing).
 */
export const NEW_PASSWORD_RULES = {
  confirmPassword: matchesField<NewPasswordValues>('password', REGISTER_ERRORS['passwords-do-not-match']),
};
