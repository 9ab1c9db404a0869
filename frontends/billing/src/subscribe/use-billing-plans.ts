import type { BillingPlansResponse } from '@fxrates/domain';
import { useApi } from '@fxrates/web-kit';
import { useEffect, useState } from 'react';

export type BillingPlansState =
  { status: 'loading' } | { status: 'ready'; plans: BillingPlansResponse } | { status: 'failed' };

/** GET /api/billing/plans: the PayPal client id and plan ids the button needs. */
export function useBillingPlans(): BillingPlansState {
  const { client } = useApi();
  const [state, setState] = useState<BillingPlansState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    client.get<BillingPlansResponse>('/billing/plans', { signal: controller.signal }).then(
      (plans) => setState({ status: 'ready', plans }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the plans', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [client]);
  return state;
}
