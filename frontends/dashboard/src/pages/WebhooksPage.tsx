import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { WebhookEndpointView } from '@fxrates/domain';
import { ErrorAlert, LoadingState, PageSection, useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import { DashboardSections } from '../sections/DashboardSections';
import { atLimit, limitText } from '../sections/plan-limit';
import { problemText } from '../sections/problem-text';
import { AddEndpointDialog } from '../webhooks/AddEndpointDialog';
import { DeleteEndpointDialog } from '../webhooks/DeleteEndpointDialog';
import { DeliveryLog } from '../webhooks/DeliveryLog';
import { EndpointsTable } from '../webhooks/EndpointsTable';
import { useWebhookEndpoints } from '../webhooks/use-webhook-endpoints';
import { WEBHOOK_TEXTS } from '../webhooks/webhook-texts';
import { sendTestEvent, updateEndpoint } from '../webhooks/webhooks-api';

/**
 * /dashboard/webhooks: the plan's limit, the endpoints (add with the secret shown once, enable or
 * disable, send a test event, delete after confirming) and the delivery log of one of them.
 */
export function WebhooksPage() {
  const { client } = useApi();
  const { state, reload } = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [log, setLog] = useState<{ endpointId: string; refreshKey: number } | null>(null);

  const endpoints = state.status === 'ready' ? state.list.endpoints : [];
  const logEndpoint = log ? endpoints.find((endpoint) => endpoint.id === log.endpointId) : undefined;

  async function run(endpoint: WebhookEndpointView, action: () => Promise<void>, fallback: string) {
    setBusyId(endpoint.id);
    setActionError(null);
    setNotice(null);
    try {
      await action();
    } catch (failure) {
      console.error(fallback, failure);
      setActionError(problemText(failure, fallback));
    } finally {
      setBusyId(null);
    }
  }

  const toggle = (endpoint: WebhookEndpointView, enabled: boolean) =>
    void run(
      endpoint,
      async () => {
        await updateEndpoint(client, endpoint.id, { enabled });
        await reload();
      },
      WEBHOOK_TEXTS.updateFailed,
    );

  const test = (endpoint: WebhookEndpointView) =>
    void run(
      endpoint,
      async () => {
        await sendTestEvent(client, endpoint.id);
        setNotice(WEBHOOK_TEXTS.testQueued);
        setLog((previous) => ({ endpointId: endpoint.id, refreshKey: (previous?.refreshKey ?? 0) + 1 }));
      },
      WEBHOOK_TEXTS.testFailed,
    );

  return (
    <PageSection title={WEBHOOK_TEXTS.title} description={WEBHOOK_TEXTS.description}>
      <DashboardSections />
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'failed' && (
        <ErrorAlert
          message={WEBHOOK_TEXTS.loadFailed}
          onRetry={() => void reload()}
          retrying={state.retrying}
          data-testid="webhooks-load-error"
        />
      )}
      {state.status === 'ready' && (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Text fw={500} data-testid="webhooks-limit">
              {limitText(endpoints.length, state.list.limit, WEBHOOK_TEXTS.limitNoun)}
            </Text>
            <Button onClick={() => setAdding(true)} disabled={atLimit(endpoints.length, state.list.limit)}>
              {WEBHOOK_TEXTS.addButton}
            </Button>
          </Group>
          {atLimit(endpoints.length, state.list.limit) && (
            <Text size="sm" c="dimmed" data-testid="webhooks-at-limit">
              {WEBHOOK_TEXTS.atLimit}
            </Text>
          )}
          {actionError && <ErrorAlert message={actionError} data-testid="webhook-action-error" />}
          {notice && (
            <Alert color="blue" variant="light" role="status" data-testid="webhook-notice">
              {notice}
            </Alert>
          )}
          {endpoints.length === 0 ? (
            <Text c="dimmed" data-testid="webhooks-empty">
              {WEBHOOK_TEXTS.empty}
            </Text>
          ) : (
            <EndpointsTable
              endpoints={endpoints}
              busyId={busyId}
              actions={{
                onToggle: toggle,
                onTest: test,
                onShowDeliveries: (endpoint) =>
                  setLog((previous) => ({
                    endpointId: endpoint.id,
                    refreshKey: (previous?.refreshKey ?? 0) + 1,
                  })),
                onDelete: setDeleting,
              }}
            />
          )}
          {logEndpoint && log && (
            <DeliveryLog
              key={logEndpoint.id}
              endpoint={logEndpoint}
              refreshKey={log.refreshKey}
              onClose={() => setLog(null)}
            />
          )}
        </Stack>
      )}
      <AddEndpointDialog opened={adding} onClose={() => setAdding(false)} onCreated={() => void reload()} />
      <DeleteEndpointDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(endpoint) => {
          if (log?.endpointId === endpoint.id) setLog(null);
          void reload();
        }}
      />
    </PageSection>
  );
}
