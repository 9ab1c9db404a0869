import type { WebhookEndpointList } from '@fxrates/domain';
import { useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { listEndpoints } from './webhooks-api';

export type EndpointsState =
  | { status: 'loading' }
  | { status: 'failed'; retrying: boolean }
  | { status: 'ready'; list: WebhookEndpointList };

/** The account's webhook endpoints and the plan's limit, reloaded after every change. */
export function useWebhookEndpoints(): { state: EndpointsState; reload: () => Promise<void> } {
  const { client } = useApi();
  const [state, setState] = useState<EndpointsState>({ status: 'loading' });

  const reload = useCallback(async () => {
    setState((previous) => (previous.status === 'failed' ? { status: 'failed', retrying: true } : previous));
    try {
      const list = await listEndpoints(client);
      setState({ status: 'ready', list });
    } catch (failure) {
      console.error('Failed to load webhook endpoints', failure);
      // A list shown stays when a reload fails: it is what the page last knew.
      setState((previous) =>
        previous.status === 'ready' ? previous : { status: 'failed', retrying: false },
      );
    }
  }, [client]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { state, reload };
}
