import { useApi } from '@fxrates/web-kit';
import { useEffect, useState } from 'react';
import type { TrendPoint } from './pair-trend';

interface PairHistoryResponse {
  points: TrendPoint[];
}

/** The pair's daily closes of the last 30 days, for the sparkline; null until known or on failure. */
export function usePairHistory(from: string, to: string): TrendPoint[] | null {
  const { client, session } = useApi();
  const [points, setPoints] = useState<TrendPoint[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setPoints(null);
    void (async () => {
      try {
        const response = await client.get<PairHistoryResponse>('/rates/history', {
          query: { from, to },
          headers: await session.headers(),
          signal: controller.signal,
        });
        if (!controller.signal.aborted) setPoints(response.points);
      } catch {
        // The sparkline is an extra: without history the result simply shows none.
      }
    })();
    return () => controller.abort();
  }, [client, session, from, to]);

  return points;
}
