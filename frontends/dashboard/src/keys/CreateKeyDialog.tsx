import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { KEY_NAME_MAX_LENGTH, type CreatedApiKey } from '@fxrates/domain';
import { CheckIcon, CopyIcon, errorMessage, useApi } from '@fxrates/web-kit';
import { useReauthentication } from '@fxrates/web-kit/second-factor';
import { useState } from 'react';
import { createKey } from './keys-api';

/**
 * "Create New Key": asks for a name, then shows the full key once, with a copy button and the
 * warning that it will not be shown again.
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
  // A blank name keeps Create disabled; the rule guards the submit all the same (Enter in the field).
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: isNotEmpty() },
    transformValues: ({ name }) => ({ name: name.trim() }),
  });
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const close = () => {
    form.reset();
    setError(null);
    setCreated(null);
    onClose();
  };

  async function submit({ name }: { name: string }) {
    setError(null);
    try {
      setCreated(await reauthentication.run(() => createKey(client, name)));
      onCreated();
    } catch (failure) {
      console.error('Failed to create API key', failure);
      setError(errorMessage(failure, 'The key could not be created. Try again.'));
    }
  }

  return (
    <>
      <Modal opened={opened} onClose={close} title={created ? 'Your new API key' : 'Create New Key'} centered>
        {created ? (
          <Stack gap="sm">
            <Alert color="yellow" variant="light">
              Copy this key now. It will not be shown again.
            </Alert>
            <Code block data-testid="new-key">
              {created.key}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={created.key}>
                {({ copied, copy }) => (
                  <Button
                    variant={copied ? 'light' : 'filled'}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
                    onClick={copy}
                  >
                    {copied ? 'Copied' : 'Copy key'}
                  </Button>
                )}
              </CopyButton>
              <Button variant="default" onClick={close}>
                Done
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={form.onSubmit(submit)}>
            <Stack gap="sm">
              <TextInput
                label="Key name"
                placeholder="e.g. Production server"
                required
                data-autofocus
                maxLength={KEY_NAME_MAX_LENGTH}
                {...form.getInputProps('name', { withError: false })}
              />
              {error && (
                <Text c="red" size="sm" role="alert">
                  {error}
                </Text>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" loading={form.submitting} disabled={form.values.name.trim() === ''}>
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
