import type { WebhookDeliveryView } from '@fxrates/domain';
import { useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { anyPending, mergeDeliveries } from './webhook-view';
import { listDeliveries } from './webhooks-api';

/** How often the log asks again while a delivery shown is pending. */
export const DELIVERY_POLL_MS = 2_000;

export type DeliveriesState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; deliveries: WebhookDeliveryView[]; next: string | null };

/**
 * One endpoint's delivery log, newest first, a page at a time. While a delivery shown is pending
 * the first page is asked for again every two seconds, so that it shows delivered or failed.
 */
export function useDeliveries(endpointId: string, refreshKey: number) {
  const { client } = useApi();
  const [state, setState] = useState<DeliveriesState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);

  const loadFirst = useCallback(async () => {
    setState({ status: 'loading' });
    setMoreFailed(false);
    try {
      const page = await listDeliveries(client, endpointId);
      setState({ status: 'ready', deliveries: page.deliveries, next: page.nextCursor });
    } catch (failure) {
      console.error('Failed to load the delivery log', failure);
      setState({ status: 'failed' });
    }
  }, [client, endpointId]);

  useEffect(() => {
    void loadFirst();
  }, [loadFirst, refreshKey]);

  const pending = state.status === 'ready' && anyPending(state.deliveries);
  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    const timer = setTimeout(() => {
      listDeliveries(client, endpointId).then(
        (page) => {
          if (stopped) return;
          setState((previous) =>
            previous.status === 'ready'
              ? { ...previous, deliveries: mergeDeliveries(previous.deliveries, page.deliveries) }
              : previous,
          );
        },
        // The next change of state tries again; the rows shown stay as they were.
        (failure: unknown) => console.error('Failed to refresh the delivery log', failure),
      );
    }, DELIVERY_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, endpointId, pending, state]);

  // The rows already shown stay when a later page fails: only that page is asked for again.
  const loadMore = async () => {
    if (state.status !== 'ready' || !state.next) return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await listDeliveries(client, endpointId, state.next);
      setState((previous) =>
        previous.status === 'ready'
          ? {
              status: 'ready',
              deliveries: [...previous.deliveries, ...page.deliveries],
              next: page.nextCursor,
            }
          : previous,
      );
    } catch (failure) {
      console.error('Failed to load older deliveries', failure);
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  /** A delivery just made (a replay): on top of the log at once. */
  const add = (delivery: WebhookDeliveryView) =>
    setState((previous) =>
      previous.status === 'ready'
        ? { ...previous, deliveries: mergeDeliveries(previous.deliveries, [delivery]) }
        : previous,
    );

  return { state, loadFirst, loadMore, loadingMore, moreFailed, add };
}
