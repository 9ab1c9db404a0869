import type { AccountUsage, ApiKeyView } from '@fxrates/domain';
import { useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { listDisabledKeys, listKeys } from './keys/keys-api';
import { loadUsage } from './usage/usage-api';

export interface DashboardData {
  active: ApiKeyView[];
  /** The disabled keys' pages loaded so far, newest first, and the cursor of the next page (null: all loaded). */
  disabled: ApiKeyView[];
  disabledNext: string | null;
  usage: AccountUsage | null;
  loading: boolean;
  /** True while a reload (a Retry, or after a change) is in flight. */
  reloading: boolean;
  keysFailed: boolean;
  usageFailed: boolean;
  reload: () => Promise<void>;
  /** Loads the next page of disabled keys; rejects when it fails (the state is left as it was). */
  loadMoreDisabled: () => Promise<void>;
}

/** Keys (both lists) and this month's usage, loaded together and reloaded after every change. */
export function useDashboardData(): DashboardData {
  const { client } = useApi();
  const [state, setState] = useState<Omit<DashboardData, 'reload' | 'loadMoreDisabled'>>({
    active: [],
    disabled: [],
    disabledNext: null,
    usage: null,
    loading: true,
    reloading: false,
    keysFailed: false,
    usageFailed: false,
  });

  const reload = useCallback(async () => {
    setState((previous) => ({ ...previous, reloading: true }));
    const [keys, usage] = await Promise.allSettled([
      Promise.all([listKeys(client, 'active'), listDisabledKeys(client)]),
      loadUsage(client),
    ]);
    if (keys.status === 'rejected') console.error('Failed to load API keys', keys.reason);
    if (usage.status === 'rejected') console.error('Failed to load usage', usage.reason);
    setState((previous) => ({
      active: keys.status === 'fulfilled' ? keys.value[0] : previous.active,
      disabled: keys.status === 'fulfilled' ? keys.value[1].data : previous.disabled,
      disabledNext: keys.status === 'fulfilled' ? keys.value[1].next : previous.disabledNext,
      usage: usage.status === 'fulfilled' ? usage.value : previous.usage,
      loading: false,
      reloading: false,
      keysFailed: keys.status === 'rejected',
      usageFailed: usage.status === 'rejected',
    }));
  }, [client]);

  const loadMoreDisabled = useCallback(async () => {
    if (!state.disabledNext) return;
    const page = await listDisabledKeys(client, state.disabledNext);
    setState((previous) => ({
      ...previous,
      disabled: [...previous.disabled, ...page.data],
      disabledNext: page.next,
    }));
  }, [client, state.disabledNext]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...state, reload, loadMoreDisabled };
}
