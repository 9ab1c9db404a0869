import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { AccountResponse } from '@fxrates/domain';
import { errorMessage, useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import { formatLongDate, planName } from './account-view';

/** "Cancel subscription" with a confirmation; the plan stays until the paid period ends. */
export function CancelSubscription({
  account,
  onCancelled,
}: {
  account: AccountResponse;
  onCancelled: () => void;
}) {
  const { client } = useApi();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const plan = planName(account.plan);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await client.post('/v1/subscriptions/cancel');
      setOpened(false);
      onCancelled();
    } catch (failure) {
      console.error('Failed to cancel the subscription', failure);
      setError(errorMessage(failure, 'The subscription could not be cancelled. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outline" color="red.8" onClick={() => setOpened(true)}>
        Cancel subscription
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Cancel your subscription?" centered>
        <Text size="sm">
          PayPal will not charge you again. You keep the {plan} plan until{' '}
          {formatLongDate(account.currentPeriodEnd)}, then your account returns to Free.
        </Text>
        {error && (
          <Alert color="red" variant="light" mt="md" data-testid="cancel-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setOpened(false)}>
            Keep subscription
          </Button>
          <Button color="red.8" loading={busy} onClick={() => void confirm()}>
            Confirm cancellation
          </Button>
        </Group>
      </Modal>
    </>
  );
}
