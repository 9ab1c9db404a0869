import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CreatedApiKey } from '@fxrates/domain';
import { errorMessage, useApi } from '@fxrates/web-kit';
import { useReauthentication } from '@fxrates/web-kit/second-factor';
import { useState } from 'react';
import { KeyFields } from './KeyFields';
import { utcDayOf } from './key-dates';
import { createRequestOf, keyFormErrors, newKeyValues, type KeyFormValues } from './key-form';
import { KEY_TEXTS } from './key-texts';
import { createKey } from './keys-api';
import { OneTimeKey, useCopiedConfirmation } from './OneTimeKey';

/**
 * "Create New Key": a name, the kind, scopes and restrictions, then the full key once, with a copy
 * button and the warning that it will not be shown again; closing it asks whether it was copied.
 */
export function CreateKeyDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { client } = useApi();
  // An old sign-in is asked to confirm it's you first (the API's 403 reauthentication-required).
  const reauthentication = useReauthentication();
  // A blank name keeps Create disabled; the rules guard the submit all the same (Enter in the field).
  const form = useForm<KeyFormValues>({
    initialValues: newKeyValues(),
    validate: (values) => keyFormErrors(values, { today: utcDayOf(new Date()) }),
  });
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const close = () => {
    form.reset();
    setError(null);
    setCreated(null);
    onClose();
  };
  const confirmation = useCopiedConfirmation(close);

  async function submit(values: KeyFormValues) {
    setError(null);
    try {
      setCreated(await reauthentication.run(() => createKey(client, createRequestOf(values))));
      onCreated();
    } catch (failure) {
      console.error('Failed to create API key', failure);
      setError(errorMessage(failure, KEY_TEXTS.createFailed));
    }
  }

  return (
    <>
      <Modal
        opened={opened}
        onClose={created ? confirmation.requestClose : close}
        title={created ? KEY_TEXTS.newKeyTitle : KEY_TEXTS.createTitle}
        size={created ? 'md' : 'lg'}
        centered
      >
        {created ? (
          <OneTimeKey
            created={created}
            asking={confirmation.asking}
            onDone={confirmation.requestClose}
            onGoBack={confirmation.goBack}
            onConfirm={confirmation.confirm}
          />
        ) : (
          <form onSubmit={form.onSubmit(submit)} noValidate>
            <Stack gap="md">
              <KeyFields form={form} kindEditable />
              {error && (
                <Text c="red.8" size="sm" role="alert" data-testid="key-form-error">
                  {error}
                </Text>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  loading={form.submitting}
                  disabled={form.getValues().name.trim() === ''}
                >
                  Create
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      {reauthentication.dialog}
    </>
  );
}
