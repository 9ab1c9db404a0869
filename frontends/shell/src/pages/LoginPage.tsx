import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorAlert, PageSection, useAuth } from '@fxrates/web-kit';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { loginPageError } from '../auth/auth-errors';
import { LoginFields, type LoginFormValues } from '../auth/LoginFields';
import { returnPathAfterSignIn } from '../auth/return-path';
import { useSubmission } from '../auth/use-submission';

const EMPTY_LOGIN_FORM: LoginFormValues = { email: '', password: '' };

/**
 * /login (spec §2): signs in and goes to /dashboard, or back to the page that sent the visitor here
 * (`next`, a path on this site only, with the fragment /login was given). A visitor who is signed in already goes there at once.
 */
export function LoginPage() {
  const { user, login } = useAuth();
  const [search] = useSearchParams();
  const { hash } = useLocation();
  const form = useForm<LoginFormValues>({ initialValues: EMPTY_LOGIN_FORM });
  const { error, setError, run } = useSubmission();

  const submit = async (values: LoginFormValues) => {
    const outcome = await run(() => login(values.email, values.password));
    // On success the user is set, and the redirect below takes them on.
    if (outcome && !outcome.ok) setError(loginPageError(outcome.error));
  };

  if (user) return <Navigate to={returnPathAfterSignIn(search.get('next'), hash)} replace />;

  return (
    <PageSection title="Login to Your Account" size={400}>
      <Paper withBorder p="lg" radius="md" shadow="xs">
        <form onSubmit={form.onSubmit(submit)}>
          <Stack gap="md">
            {error && <ErrorAlert message={error} data-testid="login-page-error" />}
            <LoginFields form={form} />
            <Button type="submit" fullWidth disabled={form.submitting}>
              {form.submitting ? 'Signing in...' : 'Sign In'}
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
