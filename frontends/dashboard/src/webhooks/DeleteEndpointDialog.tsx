import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { WebhookEndpointView } from '@fxrates/domain';
import { useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import { problemText } from '../sections/problem-text';
import { WEBHOOK_TEXTS } from './webhook-texts';
import { deleteEndpoint } from './webhooks-api';

/** Confirms before an endpoint goes, with its delivery log; a failure says why and keeps it open. */
export function DeleteEndpointDialog({
  target,
  onClose,
  onDeleted,
}: {
  target: WebhookEndpointView | null;
  onClose: () => void;
  onDeleted: (endpoint: WebhookEndpointView) => void;
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
      await deleteEndpoint(client, target.id);
      onDeleted(target);
      close();
    } catch (failure) {
      console.error('Failed to delete a webhook endpoint', failure);
      setError(problemText(failure, WEBHOOK_TEXTS.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={target !== null} onClose={close} title={WEBHOOK_TEXTS.deleteTitle} centered>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          No more events will be sent to <b>{target?.url}</b>, and its delivery log goes with it. This cannot
          be undone.
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
