import { PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export interface LoginFormValues {
  email: string;
  password: string;
}

/** Email Address and Password of a sign-in form: the top bar's dialog and the /login page (spec §2). */
export function LoginFields({
  form,
  inDialog = false,
}: {
  form: UseFormReturnType<LoginFormValues>;
  /**
   * The dialog focuses the email when it opens and leaves its format to the server, whose text
   * ("Invalid email format", spec §8) it shows; the page lets the browser check the format.
   */
  inDialog?: boolean;
}) {
  return (
    <>
      <TextInput
        label="Email Address"
        type={inDialog ? undefined : 'email'}
        inputMode="email"
        required
        autoComplete="email"
        data-autofocus={inDialog || undefined}
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label="Password"
        required
        autoComplete="current-password"
        {...form.getInputProps('password')}
      />
    </>
  );
}
