import { Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ErrorAlert, PageSection, useAuth } from '@fxrates/web-kit';
import type { FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { loginPageError } from '../auth/auth-errors';
import { DEFAULT_SIGNED_IN_PATH, safeReturnPath } from '../auth/return-path';
import { useFormFields } from '../auth/use-form-fields';
import { useSubmission } from '../auth/use-submission';

const EMPTY_LOGIN_FORM = { email: '', password: '' };

/**
 * /login (spec §2): signs in and goes to /dashboard, or back to the page that sent the visitor here
 * (`next`, a path on this site only). A visitor who is signed in already goes there at once.
 */
export function LoginPage() {
  const { user, login } = useAuth();
  const [search] = useSearchParams();
  const { values, field } = useFormFields(EMPTY_LOGIN_FORM);
  const { submitting, error, setError, run } = useSubmission();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await run(() => login(values.email, values.password));
    // On success the user is set, and the redirect below takes them on.
    if (outcome && !outcome.ok) setError(loginPageError(outcome.error));
  };

  if (user) return <Navigate to={safeReturnPath(search.get('next')) ?? DEFAULT_SIGNED_IN_PATH} replace />;

  return (
    <PageSection title="Login to Your Account" size={400}>
      <Paper withBorder p="lg" radius="md" shadow="xs">
        <form onSubmit={submit}>
          <Stack gap="md">
            {error && <ErrorAlert message={error} data-testid="login-page-error" />}
            <TextInput label="Email Address" type="email" required autoComplete="email" {...field('email')} />
            <PasswordInput label="Password" required autoComplete="current-password" {...field('password')} />
            <Button type="submit" fullWidth disabled={submitting}>
              {submitting ? 'Signing in...' : 'Sign In'}
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              New here?{' '}
              <Anchor component={Link} to="/register" size="sm">
                Create an account
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </PageSection>
  );
}
