import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AccountResponse } from '@fxrates/domain';
import { errorMessage, useApi, useAuth } from '@fxrates/web-kit';
import { useState } from 'react';
import {
  hasChanges,
  profileChanges,
  profileValuesOf,
  PROFILE_RULES,
  PROFILE_TEXTS,
  type ProfileValues,
} from './profile-form';
import { SettingsSection } from './SettingsSection';

/**
 * The account page's Profile section: first name, last name and the optional company.
 * Save sends only what changed (trimmed), and is disabled while nothing has. The saved account
 * replaces the page's (its name heading follows), and the signed-in user is read again so that the
 * rest of the app (the contact form's name) says the new name too.
 */
export function ProfileForm({
  account,
  onSaved,
}: {
  account: AccountResponse;
  onSaved: (account: AccountResponse) => void;
}) {
  const { client } = useApi();
  const { reloadUser } = useAuth();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ProfileValues>({
    initialValues: profileValuesOf(account),
    validate: PROFILE_RULES,
    // A notice about the last save would be read as about what is being typed now.
    onValuesChange: () => setSaved(false),
  });
  const changes = profileChanges(account, form.getValues());

  const save = async (values: ProfileValues) => {
    const changed = profileChanges(account, values);
    if (!hasChanges(changed)) return;
    setError(null);
    try {
      const updated = await client.patch<AccountResponse>('/account', changed);
      const stored = profileValuesOf(updated);
      form.setInitialValues(stored);
      form.setValues(stored);
      onSaved(updated);
      setSaved(true);
    } catch (failure) {
      console.error('Failed to save the profile', failure);
      setError(errorMessage(failure, PROFILE_TEXTS.saveFailed));
      return;
    }
    try {
      await reloadUser();
    } catch (failure) {
      // The profile is saved; only the name other pages show waits for the next sign-in or refresh.
      console.error('Failed to read the signed-in user again', failure);
    }
  };

  return (
    <SettingsSection
      title={PROFILE_TEXTS.title}
      onSubmit={form.onSubmit(save, () => setSaved(false))}
      error={error}
      errorTestId="profile-error"
      success={saved ? PROFILE_TEXTS.saved : null}
      successTestId="profile-saved"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={PROFILE_TEXTS.firstName}
          required
          autoComplete="given-name"
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={PROFILE_TEXTS.lastName}
          required
          autoComplete="family-name"
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <TextInput
        label={PROFILE_TEXTS.company}
        autoComplete="organization"
        {...form.getInputProps('company')}
      />
      <Group>
        <Button type="submit" loading={form.submitting} disabled={!hasChanges(changes)}>
          {PROFILE_TEXTS.save}
        </Button>
      </Group>
    </SettingsSection>
  );
}
