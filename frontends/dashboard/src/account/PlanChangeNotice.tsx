import { Alert, Button, Group, Text } from '@mantine/core';
import type { AccountResponse, PlanChangeStarted } from '@fxrates/domain';
import { errorMessage, revisionReturnUrls, useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import { formatLongDate, humanize, planName } from './account-view';

/**
 * A downgrade waiting for the end of the paid period, and its undoing: PayPal already bills the
 * cheaper plan from then, so undoing is a revision back to the plan paid for, approved at PayPal.
 */
export function PlanChangeNotice({ account }: { account: AccountResponse }) {
  const { client } = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = account.pendingChange;
  if (!pending) return null;

  async function undo() {
    setBusy(true);
    setError(null);
    try {
      const started = await client.post<PlanChangeStarted>(
        '/v1/subscriptions/change/undo',
        revisionReturnUrls(window.location.origin),
      );
      window.location.assign(started.approveUrl);
    } catch (failure) {
      console.error('Failed to undo the plan change', failure);
      setError(errorMessage(failure, 'The change could not be undone. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <Alert color="blue" variant="light" title="Plan change scheduled" data-testid="pending-plan-change">
      <Text size="sm">
        Your plan changes to {planName(pending.plan)} ({humanize(pending.billingCycle)}) on{' '}
        {formatLongDate(pending.effectiveAt)}, the end of the period you paid for. Until then you keep{' '}
        {planName(account.plan)}.
      </Text>
      {error && (
        <Text size="sm" c="red" mt="xs" data-testid="undo-error">
          {error}
        </Text>
      )}
      <Group mt="sm">
        <Button size="xs" variant="outline" loading={busy} onClick={() => void undo()}>
          Undo change
        </Button>
      </Group>
    </Alert>
  );
}
