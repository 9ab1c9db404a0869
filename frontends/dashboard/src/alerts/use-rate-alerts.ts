import type { RateAlertList, WebhookEndpointView } from '@fxrates/domain';
import { useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { listEndpoints } from '../webhooks/webhooks-api';
import { listAlerts } from './alerts-api';

export type AlertsState =
  { status: 'loading' } | { status: 'failed'; retrying: boolean } | { status: 'ready'; list: RateAlertList };

/**
 * The account's rate alerts and the plan's limit, and its webhook endpoints (for the new-alert
 * dialog's hint; null when they could not be loaded, so no hint claims there are none).
 */
export function useRateAlerts() {
  const { client } = useApi();
  const [state, setState] = useState<AlertsState>({ status: 'loading' });
  const [endpoints, setEndpoints] = useState<WebhookEndpointView[] | null>(null);

  const reload = useCallback(async () => {
    setState((previous) => (previous.status === 'failed' ? { status: 'failed', retrying: true } : previous));
    const [alerts, webhooks] = await Promise.allSettled([listAlerts(client), listEndpoints(client)]);
    if (webhooks.status === 'fulfilled') setEndpoints(webhooks.value.endpoints);
    else console.error('Failed to load webhook endpoints', webhooks.reason);
    if (alerts.status === 'fulfilled') {
      setState({ status: 'ready', list: alerts.value });
    } else {
      console.error('Failed to load rate alerts', alerts.reason);
      // A list shown stays when a reload fails: it is what the page last knew.
      setState((previous) =>
        previous.status === 'ready' ? previous : { status: 'failed', retrying: false },
      );
    }
  }, [client]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { state, endpoints, reload };
}
