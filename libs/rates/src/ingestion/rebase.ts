import type { RateDecimal } from '../decimal';
import type { ProviderObservation } from '../providers/provider';

export interface RebasedObservation {
  currency: string;
  perUsd: RateDecimal;
  observedAt: string;
  day: string;
}

/**
 * Expresses observations per 1 USD. An observation quoted in another unit (Binance quotes in USDT)
 * is rebased with the current rate of that unit; without one it cannot be used and is refused.
 */
export function rebaseOnUsd(
  observations: readonly ProviderObservation[],
  currentPerUsd: (code: string) => RateDecimal | undefined,
): { rebased: RebasedObservation[]; refused: Array<{ currency: string; reason: string }> } {
  const rebased: RebasedObservation[] = [];
  const refused: Array<{ currency: string; reason: string }> = [];
  for (const observation of observations) {
    const { currency, quote, rate, observedAt, day } = observation;
    if (quote === 'USD') {
      rebased.push({ currency, perUsd: rate, observedAt, day });
      continue;
    }
    const quotePerUsd = currentPerUsd(quote);
    if (!quotePerUsd) {
      refused.push({ currency, reason: `quoted in ${quote}, which has no USD rate to rebase on` });
      continue;
    }
    rebased.push({ currency, perUsd: rate.times(quotePerUsd), observedAt, day });
  }
  return { rebased, refused };
}
