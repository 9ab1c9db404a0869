import type { UsageBreakdown } from '@fxrates/domain';
import { errorMessage, isApiError, useApi } from '@fxrates/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { loadUsageBreakdown } from './usage-breakdown-api';
import type { UsageRange } from './usage-range';

export const LOAD_BREAKDOWN_FAILED = 'Failed to load usage by key and endpoint';

export type BreakdownState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; breakdown: UsageBreakdown };

/**
 * The breakdown of `range` (null: a period the form refuses, so nothing is asked), loaded again
 * whenever the range changes; an answer for a range the user has since left is dropped.
 */
export function useUsageBreakdown(range: UsageRange | null): {
  state: BreakdownState;
  retry: () => void;
} {
  const { client } = useApi();
  const [state, setState] = useState<BreakdownState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const from = range?.from;
  const to = range?.to;

  useEffect(() => {
    if (!from || !to) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadUsageBreakdown(client, { from, to }, controller.signal).then(
      (breakdown) => setState({ status: 'ready', breakdown }),
      (failure: unknown) => {
        if (controller.signal.aborted || (isApiError(failure) && failure.code === 'aborted')) return;
        console.error('Failed to load the usage breakdown', failure);
        // A refused period (400) says why in the API's words; anything else is "try again".
        const refused = isApiError(failure) && failure.status === 400;
        setState({
          status: 'failed',
          message: refused ? errorMessage(failure, LOAD_BREAKDOWN_FAILED) : LOAD_BREAKDOWN_FAILED,
        });
      },
    );
    return () => controller.abort();
  }, [client, from, to, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
