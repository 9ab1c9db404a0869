import { Alert, Button, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert, isTwoFactorRequired, PageSection, useAuth } from '@fxrates/web-kit';
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { loginPageError } from '../auth/auth-errors';
import { AuthPageLink } from '../auth/AuthPageLink';
import { LoginFields, type LoginFormValues } from '../auth/LoginFields';
import { isPasswordChangedState, PASSWORD_RESET_TEXTS } from '../auth/password-reset';
import { returnPathAfterSignIn } from '../auth/return-path';
import { TwoFactorStep } from '../auth/TwoFactorStep';
import { useSubmission } from '../auth/use-submission';

const EMPTY_LOGIN_FORM: LoginFormValues = { email: '', password: '' };

/**
 * /login: signs in and goes to /dashboard, or back to the page that sent the visitor here
 * (`next`, a path on this site only, with the fragment /login was given). A visitor who is signed in already goes there at once.
 * After a password reset it says that the password was changed.
 */
export function LoginPage() {
  const { user, login } = useAuth();
  const [search] = useSearchParams();
  const { hash, state } = useLocation();
  const passwordChanged = isPasswordChangedState(state);
  const form = useForm<LoginFormValues>({ initialValues: EMPTY_LOGIN_FORM });
  const { error, setError, run } = useSubmission();
  // The password was right and the account wants a code too.
  const [challenge, setChallenge] = useState<string | null>(null);

  const submit = async (values: LoginFormValues) => {
    const outcome = await run(() => login(values.email, values.password));
    if (outcome && !outcome.ok && isTwoFactorRequired(outcome.error)) {
      setChallenge(outcome.error.challenge);
      return;
    }
    // On success the user is set, and the redirect below takes them on.
    if (outcome && !outcome.ok) setError(loginPageError(outcome.error));
  };

  if (user) return <Navigate to={returnPathAfterSignIn(search.get('next'), hash)} replace />;

  return (
    <PageSection title="Login to Your Account" size={400}>
      <Paper withBorder p="lg" radius="md" shadow="xs">
        {challenge ? (
          <TwoFactorStep
            challenge={challenge}
            // Signed in: the redirect above takes the user on.
            onSignedIn={() => undefined}
            onRestart={(message) => {
              setChallenge(null);
              form.setFieldValue('password', '');
              setError(message);
            }}
            submitLabel="Verify"
            fullWidth
          />
        ) : (
          <form onSubmit={form.onSubmit(submit)}>
            <Stack gap="md">
              {passwordChanged && !error && (
                <Alert color="green" variant="light" role="status" data-testid="password-changed">
                  {PASSWORD_RESET_TEXTS.changed}
                </Alert>
              )}
              {error && <ErrorAlert message={error} data-testid="login-page-error" />}
              <LoginFields form={form} />
              <Button type="submit" fullWidth disabled={form.submitting}>
                {form.submitting ? 'Signing in...' : 'Sign In'}
              </Button>
              <AuthPageLink prompt="New here?" to="/register" label="Create an account" />
            </Stack>
          </form>
        )}
      </Paper>
    </PageSection>
  );
}
