import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_MAX_LENGTH } from '@fxrates/domain';
import type { NewPasswordValues } from './new-password';

/**
 * Password and Confirm Password of a registration form, of the page a reset link opens or of the
 * account page's password change, sized and autocompleted as a new password. A mismatch shows under Confirm Password, marks it invalid,
 * describes it, and is announced as an alert.
 */
export function NewPasswordFields<Values extends NewPasswordValues>({
  form,
  passwordLabel = 'Password',
  confirmLabel = 'Confirm Password',
  autoFocus = false,
}: {
  form: UseFormReturnType<Values>;
  passwordLabel?: string;
  confirmLabel?: string;
  /** Focuses Password on mount: on a page whose first field it is. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        autoFocus={autoFocus || undefined}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={confirmLabel}
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        errorProps={{ role: 'alert' }}
        // PasswordInput marks its box, not its <input>, as invalid: say it where it is read.
        aria-invalid={form.errors.confirmPassword ? true : undefined}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
