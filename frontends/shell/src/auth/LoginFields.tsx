import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Link } from 'react-router';
import { FORGOT_PASSWORD_PATH, forgotPasswordState, PASSWORD_RESET_TEXTS } from './password-reset';

export interface LoginFormValues {
  email: string;
  password: string;
}

/**
 * Email Address and Password of a sign-in form: the top bar's dialog and the /login page,
 * with "Forgot password?" under the password, which takes the address typed so far to
 * /forgot-password.
 */
export function LoginFields({
  form,
  inDialog = false,
  onForgotPassword,
}: {
  form: UseFormReturnType<LoginFormValues>;
  /**
   * The dialog focuses the email when it opens and leaves its format to the server, whose text
   * ("Invalid email format") it shows; the page lets the browser check the format.
   */
  inDialog?: boolean;
  /** Called as "Forgot password?" leaves the form (the dialog closes). */
  onForgotPassword?: () => void;
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
      <Anchor
        component={Link}
        to={FORGOT_PASSWORD_PATH}
        state={forgotPasswordState(form.values.email)}
        onClick={onForgotPassword}
        size="sm"
        mt={-8}
        style={{ alignSelf: 'flex-end' }}
      >
        {PASSWORD_RESET_TEXTS.forgotLink}
      </Anchor>
    </>
  );
}
