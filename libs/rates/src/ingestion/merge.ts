import { isCrypto, RATE_PROVIDER_IDS, RATE_PROVIDER_KINDS } from '@fxrates/domain';
import { RateDecimal } from '../decimal';
import type { ProviderId } from '../providers/provider';
import { createRatesTable, type RateProvenance, type RatesTable } from '../rates-table';
import type { GoodValue, GoodValues } from './good-value';

/**
 * Builds the table in service from every enabled provider's last good values. Per currency, the
 * providers of its class compete (crypto: the exchanges; fiat: the fiat providers) and the newest
 * value wins, ties going to the earlier provider of RATE_PROVIDER_IDS; the bundled snapshot only
 * fills currencies no live provider has.
 */
export function mergeProviderValues(values: ReadonlyMap<ProviderId, GoodValues>): RatesTable | null {
  const perUsd = new Map<string, RateDecimal>([['USD', new RateDecimal(1)]]);
  const provenance = new Map<string, RateProvenance>();
  const winners = new Map<string, { value: GoodValue; source: ProviderId }>();
  for (const source of RATE_PROVIDER_IDS) {
    const kind = RATE_PROVIDER_KINDS[source];
    for (const [code, value] of values.get(source) ?? []) {
      if (code === 'USD') continue;
      if (kind !== 'snapshot' && (kind === 'crypto') !== isCrypto(code)) continue;
      const current = winners.get(code);
      if (!current) {
        winners.set(code, { value, source });
        continue;
      }
      if (kind === 'snapshot') continue;
      if (Date.parse(value.observedAt) > Date.parse(current.value.observedAt))
        winners.set(code, { value, source });
    }
  }
  if (winners.size === 0) return null;
  for (const [code, { value, source }] of winners) {
    perUsd.set(code, value.perUsd);
    provenance.set(code, { source, timestamp: value.observedAt, date: value.day });
  }
  return createRatesTable({ perUsd, provenance });
}
