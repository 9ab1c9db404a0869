import type { StatusHistoryResponse, StatusResponse } from '@fxrates/domain';
import { useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';

/** Shown when the status cannot be loaded (the spec's "Failed to load …" style). */
export const LOAD_STATUS_FAILED = 'Failed to load system status';

export type SourceStatusState =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; status: StatusResponse; history: StatusHistoryResponse | null };

/**
 * The sources' status and their 24-hour age history (public, no key or session). The history is an
 * extra: without it the table still shows, with no sparklines.
 */
export function useSourceStatus(): { status: SourceStatusState; reload: () => void } {
  const { client } = useApi();
  const [status, setStatus] = useState<SourceStatusState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus({ state: 'loading' });
    void (async () => {
      const history = client
        .get<StatusHistoryResponse>('/v1/status/history', { signal: controller.signal })
        .catch(() => null);
      try {
        const current = await client.get<StatusResponse>('/v1/status', { signal: controller.signal });
        const series = await history;
        if (!controller.signal.aborted) setStatus({ state: 'loaded', status: current, history: series });
      } catch {
        if (!controller.signal.aborted) setStatus({ state: 'error', message: LOAD_STATUS_FAILED });
      }
    })();
    return () => controller.abort();
  }, [client, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, reload };
}
