import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext';
import { useAuth } from '../auth/AuthContext';

export type ResourceState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

/**
 * GET `path` of the app API for the signed-in user, through the shell's API client (which carries the
 * user's Bearer token and refreshes it on a 401); loading while nobody is signed in. `retry` loads
 * it again; `replace` shows what a change answered with, without loading it again. Nothing is asked
 * while `enabled` is false.
 */
export function useSignedInResource<T>(
  path: string,
  what: string,
  enabled = true,
): { state: ResourceState<T>; retry: () => void; replace: (data: T) => void } {
  const { client } = useApi();
  const { user } = useAuth();
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const uid = user?.uid;

  useEffect(() => {
    if (!uid || !enabled) return undefined;
    const controller = new AbortController();
    client.get<T>(path, { signal: controller.signal }).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Could not load ${what}`, error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [client, path, what, uid, enabled, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((current) => current + 1);
  }, []);

  const replace = useCallback((data: T) => setState({ status: 'ready', data }), []);

  return { state, retry, replace };
}
