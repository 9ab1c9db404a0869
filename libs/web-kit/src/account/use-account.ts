import type { AccountResponse } from '@fxrates/domain';
import { useApi } from '../api/ApiContext';
import { useAuth } from '../auth/AuthContext';
import { useCallback, useEffect, useState } from 'react';

export type AccountState =
  { status: 'loading' } | { status: 'ready'; account: AccountResponse } | { status: 'failed' };

/**
 * GET /api/account for the signed-in user (the account page, and pricing and checkout, which show
 * the plan the user is on),  through the shell's API client (which carries the
 * user's Bearer token and refreshes it on a 401). `retry` loads it again.
 */
export function useAccount(): { state: AccountState; retry: () => void } {
  const { client } = useApi();
  const { user } = useAuth();
  const [state, setState] = useState<AccountState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const uid = user?.uid;

  useEffect(() => {
    if (!uid) return undefined;
    const controller = new AbortController();
    client.get<AccountResponse>('/account', { signal: controller.signal }).then(
      (account) => setState({ status: 'ready', account }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the account', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [client, uid, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((current) => current + 1);
  }, []);

  return { state, retry };
}
