import { Button, Group, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MAX_LENGTH } from '@fxrates/domain';
import { useApi, useAuth } from '@fxrates/web-kit';
import { NEW_PASSWORD_RULES, NewPasswordFields } from '@fxrates/web-kit/forms';
import { useState } from 'react';
import {
  CHANGE_PASSWORD_API,
  CHANGE_PASSWORD_TEXTS,
  changePasswordRefusal,
  EMPTY_CHANGE_PASSWORD,
  type ChangePasswordValues,
} from './change-password';
import { SettingsSection } from './SettingsSection';

/**
 * The account page's Change Password section: the current password, then the new one
 * twice as on the reset page. The API ends every other sign-in of the account and keeps this one, so
 * the user stays here; a refused password shows under its field.
 */
export function ChangePasswordForm() {
  const { client } = useApi();
  const { user } = useAuth();
  const [changed, setChanged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    initialValues: EMPTY_CHANGE_PASSWORD,
    validate: NEW_PASSWORD_RULES,
    onValuesChange: () => setChanged(false),
  });

  const change = async (values: ChangePasswordValues) => {
    setError(null);
    try {
      await client.post<void>(CHANGE_PASSWORD_API, values);
    } catch (failure) {
      const refusal = changePasswordRefusal(failure);
      if (refusal.field) form.setFieldError(refusal.field, refusal.message);
      else setError(refusal.message);
      return;
    }
    // No password stays in the page once it has done its work.
    form.reset();
    setChanged(true);
  };

  return (
    <SettingsSection
      title={CHANGE_PASSWORD_TEXTS.title}
      onSubmit={form.onSubmit(change, () => setChanged(false))}
      error={error}
      errorTestId="change-password-error"
      success={changed ? CHANGE_PASSWORD_TEXTS.changed : null}
      successTestId="password-changed"
      nativeValidation
      maxWidth={480}
    >
      {/* Tells a password manager whose password this is, so that it updates the right entry. */}
      <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <PasswordInput
        label={CHANGE_PASSWORD_TEXTS.currentPassword}
        required
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        errorProps={{ role: 'alert' }}
        // PasswordInput marks its box, not its <input>, as invalid: say it where it is read.
        aria-invalid={form.errors.currentPassword ? true : undefined}
        {...form.getInputProps('currentPassword')}
      />
      <NewPasswordFields
        form={form}
        passwordLabel={CHANGE_PASSWORD_TEXTS.newPassword}
        confirmLabel={CHANGE_PASSWORD_TEXTS.confirmNewPassword}
      />
      <Group>
        <Button type="submit" loading={form.submitting}>
          {CHANGE_PASSWORD_TEXTS.change}
        </Button>
      </Group>
    </SettingsSection>
  );
}
