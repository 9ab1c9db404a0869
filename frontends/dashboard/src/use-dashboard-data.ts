import type { AccountUsage, ApiKeyView } from '@fxrates/domain';
import { useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { listKeys } from './keys/keys-api';
import { loadUsage } from './usage/usage-api';

export interface DashboardData {
  active: ApiKeyView[];
  disabled: ApiKeyView[];
  usage: AccountUsage | null;
  loading: boolean;
  /** True while a reload (a Retry, or after a change) is in flight. */
  reloading: boolean;
  keysFailed: boolean;
  usageFailed: boolean;
  reload: () => Promise<void>;
}

/** Keys (both lists) and this month's usage, loaded together and reloaded after every change. */
export function useDashboardData(): DashboardData {
  const { client } = useApi();
  const [state, setState] = useState<Omit<DashboardData, 'reload'>>({
    active: [],
    disabled: [],
    usage: null,
    loading: true,
    reloading: false,
    keysFailed: false,
    usageFailed: false,
  });

  const reload = useCallback(async () => {
    setState((previous) => ({ ...previous, reloading: true }));
    const [keys, usage] = await Promise.allSettled([
      Promise.all([listKeys(client, 'active'), listKeys(client, 'disabled')]),
      loadUsage(client),
    ]);
    if (keys.status === 'rejected') console.error('Failed to load API keys', keys.reason);
    if (usage.status === 'rejected') console.error('Failed to load usage', usage.reason);
    setState((previous) => ({
      active: keys.status === 'fulfilled' ? keys.value[0] : previous.active,
      disabled: keys.status === 'fulfilled' ? keys.value[1] : previous.disabled,
      usage: usage.status === 'fulfilled' ? usage.value : previous.usage,
      loading: false,
      reloading: false,
      keysFailed: keys.status === 'rejected',
      usageFailed: usage.status === 'rejected',
    }));
  }, [client]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...state, reload };
}
