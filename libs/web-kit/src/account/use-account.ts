import type { AccountResponse } from '@fxrates/domain';
import { useMemo } from 'react';
import { useSignedInResource } from './use-signed-in-resource';

export type AccountState =
  { status: 'loading' } | { status: 'ready'; account: AccountResponse } | { status: 'failed' };

/**
 * GET /api/account for the signed-in user (the account page, and pricing and checkout, which show
 * the plan the user is on). `retry` loads it again; `replace` shows the account a change answered with
 * (PATCH /api/account).
 */
export function useAccount(): {
  state: AccountState;
  retry: () => void;
  replace: (account: AccountResponse) => void;
} {
  const { state, retry, replace } = useSignedInResource<AccountResponse>('/account', 'the account');
  const account = useMemo<AccountState>(
    () => (state.status === 'ready' ? { status: 'ready', account: state.data } : state),
    [state],
  );
  return { state: account, retry, replace };
}
