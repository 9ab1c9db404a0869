import { Button, Group, Stack, Text } from '@mantine/core';
import type { RateAlertView } from '@fxrates/domain';
import { ErrorAlert, LoadingState, PageSection, useApi } from '@fxrates/web-kit';
import { useState } from 'react';
import { ALERT_TEXTS } from '../alerts/alert-words';
import { AlertsTable } from '../alerts/AlertsTable';
import { updateAlert } from '../alerts/alerts-api';
import { DeleteAlertDialog } from '../alerts/DeleteAlertDialog';
import { NewAlertDialog } from '../alerts/NewAlertDialog';
import { useRateAlerts } from '../alerts/use-rate-alerts';
import { DashboardSections } from '../sections/DashboardSections';
import { atLimit, limitText } from '../sections/plan-limit';
import { problemText } from '../sections/problem-text';

/**
 * /dashboard/alerts (the alert emails link here): the plan's limit, the alerts (their condition in
 * words, channel, state, last triggered), New alert, Pause or Resume, and Delete after confirming.
 */
export function AlertsPage() {
  const { client } = useApi();
  const { state, endpoints, reload } = useRateAlerts();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<RateAlertView | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  async function togglePaused(alert: RateAlertView) {
    setBusyId(alert.id);
    setActionError(null);
    try {
      await updateAlert(client, alert.id, { paused: !alert.paused });
      await reload();
    } catch (failure) {
      console.error('Failed to pause or resume a rate alert', failure);
      setActionError(problemText(failure, ALERT_TEXTS.updateFailed));
    } finally {
      setBusyId(null);
    }
  }

  const alerts = state.status === 'ready' ? state.list.alerts : [];
  const full = state.status === 'ready' && atLimit(alerts.length, state.list.limit);
  return (
    <PageSection title={ALERT_TEXTS.title} description={ALERT_TEXTS.description}>
      <DashboardSections />
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'failed' && (
        <ErrorAlert
          message={ALERT_TEXTS.loadFailed}
          onRetry={() => void reload()}
          retrying={state.retrying}
          data-testid="alerts-load-error"
        />
      )}
      {state.status === 'ready' && (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Text fw={500} data-testid="alerts-limit">
              {limitText(alerts.length, state.list.limit, ALERT_TEXTS.limitNoun)}
            </Text>
            <Button onClick={() => setCreating(true)} disabled={full}>
              {ALERT_TEXTS.newButton}
            </Button>
          </Group>
          {full && (
            <Text size="sm" c="dimmed" data-testid="alerts-at-limit">
              {ALERT_TEXTS.atLimit}
            </Text>
          )}
          {actionError && <ErrorAlert message={actionError} data-testid="alert-action-error" />}
          {alerts.length === 0 ? (
            <Text c="dimmed" data-testid="alerts-empty">
              {ALERT_TEXTS.empty}
            </Text>
          ) : (
            <AlertsTable
              alerts={alerts}
              busyId={busyId}
              onTogglePaused={(alert) => void togglePaused(alert)}
              onDelete={setDeleting}
            />
          )}
        </Stack>
      )}
      <NewAlertDialog
        opened={creating}
        endpoints={endpoints}
        onClose={() => setCreating(false)}
        onCreated={() => void reload()}
      />
      <DeleteAlertDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => void reload()}
      />
    </PageSection>
  );
}
