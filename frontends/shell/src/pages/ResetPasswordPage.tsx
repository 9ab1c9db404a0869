import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PasswordResetConfirmRequest } from '@fxrates/domain';
import { ErrorAlert, PageSection, useApi, useAuth, useLinkToken } from '@fxrates/web-kit';
import {
  EMPTY_NEW_PASSWORD,
  NEW_PASSWORD_RULES,
  NewPasswordFields,
  type NewPasswordValues,
} from '@fxrates/web-kit/forms';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  FORGOT_PASSWORD_PATH,
  PASSWORD_CHANGED_STATE,
  PASSWORD_RESET_API,
  PASSWORD_RESET_TEXTS,
  resetRefusalOf,
} from '../auth/password-reset';
import { useSubmission } from '../auth/use-submission';

/**
 * /reset-password#token=…, the link of the password-reset email. The token is read
 * from the fragment, which no server sees, then taken out of the address bar (and so out of the
 * history). A new password, twice, changes the account's password; the API then revokes every
 * sign-in of the account, and /login says to sign in with the new one. A link that cannot work
 * (not ours, used, expired) says so, with the way to a new one.
 */
export function ResetPasswordPage() {
  const { client } = useApi();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const token = useLinkToken();
  // The refusal of one link: another link opened in this tab starts afresh.
  const [refused, setRefused] = useState<{ token: string; message: string } | null>(null);
  const linkRefused = refused && refused.token === token ? refused.message : null;
  const form = useForm<NewPasswordValues>({
    initialValues: EMPTY_NEW_PASSWORD,
    validate: NEW_PASSWORD_RULES,
  });
  const { error, setError, run } = useSubmission();
  const submit = async (values: NewPasswordValues) => {
    if (!token) return;
    const body: PasswordResetConfirmRequest = { token, ...values };
    const outcome = await run(() => client.post<void>(PASSWORD_RESET_API.confirm, body, { skipAuth: true }));
    if (!outcome) return;
    if (!outcome.ok) {
      const refusal = resetRefusalOf(outcome.error);
      if (refusal.kind === 'request-new-link') setRefused({ token, message: refusal.message });
      else setError(refusal.message);
      return;
    }
    // The API has revoked every sign-in of the account; one held in this tab goes too.
    if (user) {
      try {
        await logout();
      } catch (caught) {
        console.error('Logout after the password reset failed', caught);
      }
    }
    void navigate('/login', { replace: true, state: PASSWORD_CHANGED_STATE });
  };

  const refusal = token ? linkRefused : PASSWORD_RESET_TEXTS.noToken;

  return (
    <PageSection title={PASSWORD_RESET_TEXTS.resetTitle} size={400}>
      <Paper withBorder p="lg" radius="md" shadow="xs">
        {refusal ? (
          <Stack gap="md">
            <Alert
              color={token ? 'red' : 'yellow'}
              variant="light"
              role={token ? 'alert' : 'status'}
              data-testid="reset-password-refused"
            >
              <Text size="sm">{refusal}</Text>
            </Alert>
            <Button component={Link} to={FORGOT_PASSWORD_PATH} fullWidth>
              {PASSWORD_RESET_TEXTS.requestNewLink}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={form.onSubmit(submit, () => setError(null))}>
            <Stack gap="md">
              {error && <ErrorAlert message={error} data-testid="reset-password-error" />}
              <NewPasswordFields
                form={form}
                passwordLabel={PASSWORD_RESET_TEXTS.newPassword}
                confirmLabel={PASSWORD_RESET_TEXTS.confirmNewPassword}
                autoFocus
              />
              <Button type="submit" fullWidth disabled={form.submitting}>
                {form.submitting ? PASSWORD_RESET_TEXTS.changing : PASSWORD_RESET_TEXTS.change}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </PageSection>
  );
}
