import {
  findCurrency,
  isFallbackProvider,
  providerServes,
  providerTier,
  RATE_PROVIDER_IDS,
  type CurrencyType,
} from '@fxrates/domain';
import { RateDecimal } from '../decimal';
import type { ProviderId } from '../providers/provider';
import { createRatesTable, type RateProvenance, type RatesTable } from '../rates-table';
import type { GoodValue, GoodValues } from './good-value';

/** A code's type in the catalogue (undefined for a code it does not list). */
function typeOf(code: string): CurrencyType | undefined {
  return findCurrency(code)?.type;
}

/**
 * Builds the table in service from every enabled provider's last good values. Per currency, the
 * live providers serving its type compete (RATE_PROVIDER_SERVES: the exchanges for crypto; ECB,
 * Frankfurter, Coinbase's and ExchangeRate-API's rates for fiat; Frankfurter for metals) and the
 * newest value wins, ties going to the earlier provider of RATE_PROVIDER_IDS; a value of a type
 * its provider does not serve (a fiat source's crypto) is ignored. A live fallback (ExchangeRate-API)
 * only fills currencies the other live sources lack, and the bundled snapshot what none has.
 */
export function mergeProviderValues(values: ReadonlyMap<ProviderId, GoodValues>): RatesTable | null {
  const perUsd = new Map<string, RateDecimal>([['USD', new RateDecimal(1)]]);
  const provenance = new Map<string, RateProvenance>();
  const winners = new Map<string, { value: GoodValue; source: ProviderId }>();
  for (const source of RATE_PROVIDER_IDS) {
    const fallback = isFallbackProvider(source);
    for (const [code, value] of values.get(source) ?? []) {
      if (code === 'USD') continue;
      const type = typeOf(code);
      if (!fallback && (!type || !providerServes(source, type))) continue;
      const current = winners.get(code);
      const tier = providerTier(source);
      const currentTier = current ? providerTier(current.source) : Infinity;
      if (
        tier < currentTier ||
        (tier === currentTier && Date.parse(value.observedAt) > Date.parse(current!.value.observedAt))
      ) {
        winners.set(code, { value, source });
      }
    }
  }
  if (winners.size === 0) return null;
  for (const [code, { value, source }] of winners) {
    perUsd.set(code, value.perUsd);
    provenance.set(code, { source, timestamp: value.observedAt, date: value.day });
  }
  return createRatesTable({ perUsd, provenance });
}
