import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useApi, type ApiClient } from '@fxrates/web-kit';
import { useState, type ReactNode } from 'react';
import { problemText } from './problem-text';

/**
 * Confirms before something of the account goes (a webhook endpoint, an alert): what will be lost,
 * Cancel and Delete; a failure says why, in the API's words, and keeps the dialog open.
 */
export function ConfirmDeleteDialog<Target>({
  target,
  title,
  consequence,
  remove,
  failedText,
  onClose,
  onDeleted,
}: {
  target: Target | null;
  title: string;
  /** What deleting `target` means, in a sentence. */
  consequence: (target: Target) => ReactNode;
  remove: (client: ApiClient, target: Target) => Promise<void>;
  /** Said when the API's answer says nothing better. */
  failedText: string;
  onClose: () => void;
  onDeleted: (target: Target) => void;
}) {
  const { client } = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  async function confirm() {
    if (target === null) return;
    setBusy(true);
    setError(null);
    try {
      await remove(client, target);
      onDeleted(target);
      close();
    } catch (failure) {
      console.error(`${title} failed`, failure);
      setError(problemText(failure, failedText));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={target !== null} onClose={close} title={title} centered>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {target !== null && consequence(target)}
        </Text>
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red.9" loading={busy} onClick={() => void confirm()}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
