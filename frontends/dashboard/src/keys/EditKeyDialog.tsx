import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ApiKeyView } from '@fxrates/domain';
import { errorMessage, useApi } from '@fxrates/web-kit';
import { useReauthentication } from '@fxrates/web-kit/second-factor';
import { useState } from 'react';
import { KeyFields } from './KeyFields';
import { KeyKindBadge } from './KeyKindBadge';
import { hasChanges, keyChanges } from './key-changes';
import { utcDayOf } from './key-dates';
import { keyFormErrors, keyValuesOf, type KeyFormValues } from './key-form';
import { KEY_TEXTS } from './key-texts';
import { updateKey } from './keys-api';

/** "Edit key": its name, scopes and restrictions; Save sends only what changed, and is off until something has. */
export function EditKeyDialog({
  target,
  onClose,
  onSaved,
}: {
  target: ApiKeyView | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="Edit key" size="lg" centered>
      {/* Keyed by the key: each opening starts from what that key holds now. */}
      {target && <EditKeyForm key={target.id} target={target} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditKeyForm({
  target,
  onClose,
  onSaved,
}: {
  target: ApiKeyView;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { client } = useApi();
  const reauthentication = useReauthentication();
  const initialValues = keyValuesOf(target);
  const form = useForm<KeyFormValues>({
    initialValues,
    validate: (values) =>
      keyFormErrors(values, { today: utcDayOf(new Date()), keptExpiry: initialValues.expiresOn }),
  });
  const [error, setError] = useState<string | null>(null);
  const changed = hasChanges(keyChanges(target, form.getValues()));

  async function save(values: KeyFormValues) {
    const changes = keyChanges(target, values);
    if (!hasChanges(changes)) return;
    setError(null);
    try {
      await reauthentication.run(() => updateKey(client, target.id, changes));
      onSaved();
      onClose();
    } catch (failure) {
      console.error('Failed to update API key', failure);
      setError(errorMessage(failure, KEY_TEXTS.saveFailed));
    }
  }

  return (
    <>
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Kind
            </Text>
            <KeyKindBadge kind={target.kind} />
          </Group>
          <KeyFields form={form} kindEditable={false} />
          {error && (
            <Text c="red.8" size="sm" role="alert" data-testid="key-form-error">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting} disabled={!changed}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: a portal's submit would bubble to it through the React tree. */}
      {reauthentication.dialog}
    </>
  );
}
