import { ProviderError } from './provider-error';
import { getFromProvider, isRecord, parseJsonBody } from './provider-http';
import { dayOf, ObservationList } from './provider-values';
import {
  defineProvider,
  type ProviderFetchResult,
  type ProviderSettings,
  type RateProvider,
} from './provider';

/**
 * Codes Coinbase's exchange-rates list gives to a token, not to the ISO currency of the same
 * name: ERN is the Ethernity token there (≈ 32 per USD where the nakfa is pegged at 15), and MNT
 * is also Mantle's ticker. Never read from this source; the other fiat sources serve them.
 */
export const COINBASE_RATES_TICKER_CLASHES: ReadonlySet<string> = new Set(['ERN', 'MNT']);

/**
 * Coinbase's `GET /v2/exchange-rates?currency=USD`: `{ data: { currency: "USD", rates: { EUR:
 * "0.859684", … } } }`, units of each code per USD as decimal strings, fiat and crypto mixed, with
 * no time (a spot value: stamped at `fetchedAt`). Only the asked `symbols` are read (the caller asks
 * for fiat), never a ticker that clashes with an ISO code.
 */
export function parseCoinbaseRates(
  body: unknown,
  symbols: readonly string[],
  fetchedAt = new Date().toISOString(),
): ProviderFetchResult {
  if (isRecord(body) && Array.isArray(body.errors)) {
    const first: unknown = body.errors[0];
    const message = isRecord(first) ? String(first.message ?? first.id) : 'error';
    throw new ProviderError('coinbase-rates', 'http', `Coinbase answered an error: ${message}`);
  }
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data) || data.currency !== 'USD' || !isRecord(data.rates)) {
    throw new ProviderError('coinbase-rates', 'malformed', 'expected { data: { currency: "USD", rates } }');
  }
  const list = new ObservationList('USD');
  for (const currency of symbols) {
    if (currency === 'USD' || COINBASE_RATES_TICKER_CLASHES.has(currency)) continue;
    if (Object.hasOwn(data.rates, currency))
      list.add(currency, data.rates[currency], fetchedAt, dayOf(fetchedAt));
  }
  return { source: 'coinbase-rates', observations: list.observations, rejected: list.rejected };
}

export function coinbaseRatesProvider(settings: ProviderSettings): RateProvider {
  return defineProvider('coinbase-rates', async ({ symbols, signal }) => {
    const url = `${settings.baseUrl}/v2/exchange-rates?currency=USD`;
    const response = await getFromProvider('coinbase-rates', url, settings, { signal });
    return parseCoinbaseRates(parseJsonBody('coinbase-rates', response), symbols, new Date().toISOString());
  });
}
