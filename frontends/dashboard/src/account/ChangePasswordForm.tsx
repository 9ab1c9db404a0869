import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MAX_LENGTH } from '@fxrates/domain';
import { ErrorAlert, useApi, useAuth } from '@fxrates/web-kit';
import { NEW_PASSWORD_RULES, NewPasswordFields } from '@fxrates/web-kit/forms';
import { useId, useState } from 'react';
import {
  CHANGE_PASSWORD_API,
  CHANGE_PASSWORD_TEXTS,
  changePasswordRefusal,
  EMPTY_CHANGE_PASSWORD,
  type ChangePasswordValues,
} from './change-password';

/**
 * The account page's Change Password section (issue 32 §2): the current password, then the new one
 * twice as on the reset page. The API ends every other sign-in of the account and keeps this one, so
 * the user stays here; a refused password shows under its field.
 */
export function ChangePasswordForm() {
  const { client } = useApi();
  const { user } = useAuth();
  const titleId = useId();
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
    <Card
      withBorder
      radius="md"
      padding="xl"
      shadow="xs"
      mt="lg"
      component="section"
      aria-labelledby={titleId}
    >
      <form onSubmit={form.onSubmit(change, () => setChanged(false))}>
        <Stack gap="md" maw={480}>
          <Title order={2} fz="h4" id={titleId}>
            {CHANGE_PASSWORD_TEXTS.title}
          </Title>
          {error && <ErrorAlert message={error} data-testid="change-password-error" />}
          {changed && (
            <Alert color="green" variant="light" role="status" data-testid="password-changed">
              <Text size="sm">{CHANGE_PASSWORD_TEXTS.changed}</Text>
            </Alert>
          )}
          {/* Tells a password manager whose password this is, so that it updates the right entry. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={user?.email ?? ''}
            readOnly
            hidden
          />
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
        </Stack>
      </form>
    </Card>
  );
}
