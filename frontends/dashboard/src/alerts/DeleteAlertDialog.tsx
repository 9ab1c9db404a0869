import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { RateAlertView } from '@fxrates/domain';
import { useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import { problemText } from '../sections/problem-text';
import { ALERT_TEXTS, conditionWords } from './alert-words';
import { deleteAlert } from './alerts-api';

/** Confirms before an alert goes; a failure says why and keeps the dialog open. */
export function DeleteAlertDialog({
  target,
  onClose,
  onDeleted,
}: {
  target: RateAlertView | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { client } = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  async function confirm() {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      await deleteAlert(client, target.id);
      onDeleted();
      close();
    } catch (failure) {
      console.error('Failed to delete a rate alert', failure);
      setError(problemText(failure, ALERT_TEXTS.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={target !== null} onClose={close} title={ALERT_TEXTS.deleteTitle} centered>
      <Stack gap="sm">
        <Text size="sm">
          <b>{target ? conditionWords(target) : ''}</b> will no longer be watched. This cannot be undone.
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
