import { Alert, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ChangeEmailRequest, EmailChangeStatus } from '@fxrates/domain';
import { errorMessage, useApi } from '@fxrates/web-kit';
import { useEffect, useState } from 'react';
import { EMAIL_CHANGE_API, EMAIL_CHANGE_TEXTS } from './email-change';
import { SettingsSection } from './SettingsSection';

const EMPTY: ChangeEmailRequest = { newEmail: '', currentPassword: '' };

/**
 * "Change email" on the account page: the new address and the current password. The
 * API mails a link to the new address and changes nothing until it is opened; the section shows the
 * address waiting for its link, the latest request's.
 */
export function ChangeEmailForm() {
  const { client } = useApi();
  const [status, setStatus] = useState<EmailChangeStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangeEmailRequest>({
    initialValues: EMPTY,
    validate: {
      newEmail: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter a valid email address.'),
      currentPassword: (value) => (value ? null : 'Enter your current password.'),
    },
  });

  useEffect(() => {
    let current = true;
    client.get<EmailChangeStatus>(EMAIL_CHANGE_API.status).then(
      (loaded) => current && setStatus(loaded),
      (failure: unknown) => console.error('Failed to load the email change', failure),
    );
    return () => {
      current = false;
    };
  }, [client]);

  const submit = async (values: ChangeEmailRequest) => {
    setError(null);
    try {
      setStatus(await client.post<EmailChangeStatus>(EMAIL_CHANGE_API.request, values));
      form.reset();
    } catch (failure) {
      console.error('Failed to ask for an email change', failure);
      setError(errorMessage(failure, EMAIL_CHANGE_TEXTS.requestFailed));
    }
  };

  return (
    <SettingsSection
      title={EMAIL_CHANGE_TEXTS.sectionTitle}
      data-testid="change-email"
      onSubmit={form.onSubmit(submit)}
      error={error}
      errorTestId="change-email-error"
    >
      {status && (
        <Text size="sm" c="dimmed">
          {EMAIL_CHANGE_TEXTS.currentAddress(status.email)}
        </Text>
      )}
      {status?.pendingEmail && (
        <Alert color="blue" variant="light" role="status" data-testid="change-email-pending">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {EMAIL_CHANGE_TEXTS.sent(status.pendingEmail)}
          </Text>
        </Alert>
      )}
      <TextInput
        type="email"
        label={EMAIL_CHANGE_TEXTS.newEmail}
        autoComplete="email"
        required
        maxLength={254}
        {...form.getInputProps('newEmail')}
      />
      <PasswordInput
        label={EMAIL_CHANGE_TEXTS.currentPassword}
        autoComplete="current-password"
        required
        {...form.getInputProps('currentPassword')}
      />
      <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
        {form.submitting ? EMAIL_CHANGE_TEXTS.submitting : EMAIL_CHANGE_TEXTS.submit}
      </Button>
    </SettingsSection>
  );
}
