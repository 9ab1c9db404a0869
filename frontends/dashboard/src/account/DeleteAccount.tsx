import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MAX_LENGTH, type DeleteAccountRequest } from '@fxrates/domain';
import { useApi, useAuth } from '@fxrates/web-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_DATA_API, ACCOUNT_DATA_TEXTS, ACCOUNT_DELETED_HOME, deleteRefusal } from './account-data';
import { SettingsSection } from './SettingsSection';

const EMPTY: Required<DeleteAccountRequest> = { password: '', code: '' };

/**
 * The account page's danger zone: "Delete account" opens a confirmation that asks for
 * the password and, when the API answers that two-factor sign-in is on, a code. Once deleted, the
 * browser goes to the home page (which says so) and forgets the sign-in.
 */
export function DeleteAccount() {
  const { client } = useApi();
  const { logout, user } = useAuth();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Required<DeleteAccountRequest>>({
    initialValues: EMPTY,
    validate: { password: (value) => (value ? null : 'Enter your password.') },
  });

  const close = () => {
    setOpened(false);
    setError(null);
    form.reset();
  };

  const remove = async ({ password, code }: Required<DeleteAccountRequest>) => {
    setError(null);
    try {
      await client.request<void>({
        method: 'DELETE',
        path: ACCOUNT_DATA_API.delete,
        body: needsCode && code ? { password, code } : { password },
      });
    } catch (failure) {
      const refusal = deleteRefusal(failure);
      if (refusal.needsCode) setNeedsCode(true);
      if (refusal.field) form.setFieldError(refusal.field, refusal.message);
      else setError(refusal.message);
      return;
    }
    // Away from the signed-in pages first: signed out here, the page would send the user to sign in.
    void navigate(ACCOUNT_DELETED_HOME, { replace: true });
    // The server has already ended every sign-in; this clears the cookie and the page's state.
    await logout().catch((failure: unknown) => console.error('Sign-out after deletion failed', failure));
  };

  return (
    <SettingsSection title={ACCOUNT_DATA_TEXTS.deleteTitle} maxWidth={560} danger>
      <Text size="sm">{ACCOUNT_DATA_TEXTS.deleteIntro}</Text>
      <Group>
        <Button color="red.9" onClick={() => setOpened(true)}>
          {ACCOUNT_DATA_TEXTS.deleteButton}
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={ACCOUNT_DATA_TEXTS.dialogTitle} centered>
        <form onSubmit={form.onSubmit(remove)}>
          <Stack gap="md">
            <Text size="sm">{ACCOUNT_DATA_TEXTS.dialogWarning}</Text>
            {error && (
              <Alert color="red" variant="light" role="alert" data-testid="delete-error">
                {error}
              </Alert>
            )}
            {/* Tells a password manager whose password is asked for. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={user?.email ?? ''}
              readOnly
              hidden
            />
            <PasswordInput
              label={ACCOUNT_DATA_TEXTS.password}
              required
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              errorProps={{ role: 'alert' }}
              aria-invalid={form.errors.password ? true : undefined}
              data-autofocus
              {...form.getInputProps('password')}
            />
            {needsCode && (
              <TextInput
                label={ACCOUNT_DATA_TEXTS.code}
                description={ACCOUNT_DATA_TEXTS.codeHint}
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={64}
                errorProps={{ role: 'alert' }}
                {...form.getInputProps('code')}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {ACCOUNT_DATA_TEXTS.cancel}
              </Button>
              <Button type="submit" color="red.9" loading={form.submitting}>
                {ACCOUNT_DATA_TEXTS.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </SettingsSection>
  );
}
