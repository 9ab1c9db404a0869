import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_MAX_LENGTH } from '@fxrates/domain';
import type { RegisterFormValues } from './register-form';

/**
 * Password and Confirm Password of a registration form, sized and autocompleted as a new password.
 * A mismatch shows under Confirm Password, marks it invalid, describes it, and is announced as an alert.
 */
export function NewPasswordFields({ form }: { form: UseFormReturnType<RegisterFormValues> }) {
  return (
    <>
      <PasswordInput
        label="Password"
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm Password"
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
