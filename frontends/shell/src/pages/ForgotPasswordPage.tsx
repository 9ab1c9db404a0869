import { Alert, Button, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PasswordResetRequest } from '@fxrates/domain';
import { ErrorAlert, PageSection, useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  emailOfForgotPasswordState,
  forgotPasswordError,
  PASSWORD_RESET_API,
  PASSWORD_RESET_TEXTS,
} from '../auth/password-reset';
import { AuthPageLink } from '../auth/AuthPageLink';
import { useSubmission } from '../auth/use-submission';

/**
 * /forgot-password, opened by "Forgot password?" of the sign-in forms with the address
 * typed there. The API answers alike whether or not the address has an account, and so does the
 * page: one neutral confirmation, then the way back to sign in.
 */
export function ForgotPasswordPage() {
  const { client } = useApi();
  const initialEmail = emailOfForgotPasswordState(useLocation().state);
  const form = useForm({ initialValues: { email: initialEmail } });
  const { error, setError, run } = useSubmission();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (values: { email: string }) => {
    const body: PasswordResetRequest = { email: values.email.trim() };
    const outcome = await run(() => client.post<void>(PASSWORD_RESET_API.request, body, { skipAuth: true }));
    if (!outcome) return;
    if (!outcome.ok) {
      setError(forgotPasswordError(outcome.error));
      return;
    }
    setSentTo(body.email);
  };

  return (
    <PageSection
      title={PASSWORD_RESET_TEXTS.forgotTitle}
      size={400}
      description={sentTo ? undefined : PASSWORD_RESET_TEXTS.forgotDescription}
    >
      <Paper withBorder p="lg" radius="md" shadow="xs">
        {sentTo ? (
          <Stack gap="md">
            <Alert color="green" variant="light" role="status" data-testid="forgot-password-sent">
              {PASSWORD_RESET_TEXTS.sent(sentTo)}
            </Alert>
            <Button component={Link} to="/login" fullWidth>
              {PASSWORD_RESET_TEXTS.backToSignIn}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={form.onSubmit(submit)}>
            <Stack gap="md">
              {error && <ErrorAlert message={error} data-testid="forgot-password-error" />}
              <TextInput
                label="Email Address"
                type="email"
                inputMode="email"
                required
                autoComplete="email"
                autoFocus
                {...form.getInputProps('email')}
              />
              <Button type="submit" fullWidth disabled={form.submitting}>
                {form.submitting ? PASSWORD_RESET_TEXTS.sending : PASSWORD_RESET_TEXTS.send}
              </Button>
              <AuthPageLink
                prompt={PASSWORD_RESET_TEXTS.rememberedIt}
                to="/login"
                label={PASSWORD_RESET_TEXTS.signIn}
              />
            </Stack>
          </form>
        )}
      </Paper>
    </PageSection>
  );
}
